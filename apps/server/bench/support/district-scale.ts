/**
 * A synthetic district at scale for the insights bench, built through the real schema (migrations) with set-based
 * `INSERT … SELECT generate_series` statements: at BENCH_SCALE=1, 50,000 students in 40 schools (classes of 25, a
 * teacher for every two classes, an owner per school, one department head) with a school year of activity: 40
 * worksheets a student (2 million), 2–3 reading-log rows a worksheet (5 million), a read-aloud recording for every
 * fourth worksheet (500,000), 2 marked answers a quiz, 4 level changes a student and an active licence pack per school.
 * Random but repeatable (setseed). The insights rollups (student_days, school_days, student_outcome_days: migrations
 * 0012–0014) are filled by their triggers as each statement inserts the events, as a live district's writes fill them.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../src/db/database.js';

export const SCHOOLS = 40;
const CLASS_SIZE = 25;
const WORKSHEETS_A_STUDENT = 40;
const LEVEL_CHANGES_A_STUDENT = 4;

export interface DistrictPlan {
  students: number;
  passwordHash: string;
}

export interface BuiltDistrict {
  districtId: number;
  /** The users the bench signs in as, and a class of each's. */
  teacher: { username: string; classId: number };
  owner: { username: string; classId: number };
  head: { username: string; classId: number };
  /** Rows of each table, counted after the build. */
  rows: Record<string, number>;
  seconds: Record<string, number>;
}

/** Random of a row, repeatable: a hash of the row's id and a salt, in [0, 1). */
const rand = (id: string, salt: number) =>
  sql.raw(`((hashint8((${id})::bigint * 7919 + ${salt}) & 2147483647)::float8 / 2147483648)`);

async function timed(seconds: Record<string, number>, step: string, work: () => Promise<unknown>) {
  const started = performance.now();
  await work();
  seconds[step] = (performance.now() - started) / 1000;
  console.log(`  ${step}: ${seconds[step].toFixed(1)} s`);
}

/** The people: schools, classes, students, their enrolments, teachers, owners and the head. */
function peopleSteps(districtId: number, plan: DistrictPlan): [string, SQL][] {
  const perSchool = Math.ceil(plan.students / SCHOOLS);
  const classesPerSchool = Math.ceil(perSchool / CLASS_SIZE);
  const d = districtId;
  return [
    [
      'schools',
      sql`insert into schools (district_id, name)
        select ${d}, 'Bench School ' || lpad(g::text, 2, '0') from generate_series(1, ${SCHOOLS}) g`,
    ],
    [
      'classes',
      sql`insert into classes (school_id, district_id, name)
        select s.id, ${d}, 'Class ' || lpad(g::text, 3, '0') from schools s, generate_series(1, ${classesPerSchool}) g
        where s.district_id = ${d} order by s.id, g`,
    ],
    [
      'student users',
      sql`insert into users (username, role, first_name, last_name, district_id, school_id, created_at)
        select 'bench.student.' || g, 'student', 'Student', 'Number ' || g, ${d},
          (select id from schools where district_id = ${d} order by id offset (g - 1) / ${perSchool} limit 1),
          now() - interval '400 days'
        from generate_series(1, ${plan.students}) g`,
    ],
    [
      'students',
      sql`insert into students (user_id, school_id, district_id, home_class_id, series_id, colour_band_id, coins)
        select n.id, n.school_id, ${d}, c.id, 6, 3 + (n.id % 14), 30
        from (select id, school_id, row_number() over (partition by school_id order by id) rn
              from users where district_id = ${d} and role = 'student') n
        join (select id, school_id, row_number() over (partition by school_id order by id) cn
              from classes where district_id = ${d}) c
          on c.school_id = n.school_id and c.cn = (n.rn - 1) / ${CLASS_SIZE} + 1`,
    ],
    [
      'enrolments',
      sql`insert into enrolments (class_id, student_id, school_id)
        select home_class_id, user_id, school_id from students where district_id = ${d}`,
    ],
    [
      'staff',
      sql`with p as (select ${plan.passwordHash}::text as hash, ${d}::int as district)
        insert into users (username, password_hash, role, first_name, last_name, district_id, school_id)
        select 'bench.teacher.' || s.id || '.' || g, p.hash, 'teacher'::role, 'Teacher', s.id || '.' || g, p.district, s.id
          from p, schools s, generate_series(1, ${Math.ceil(classesPerSchool / 2)}::int) g where s.district_id = p.district
        union all select 'bench.owner.' || s.id, p.hash, 'owner'::role, 'Owner', s.id::text, p.district, s.id
          from p, schools s where s.district_id = p.district
        union all select 'bench.head', p.hash, 'department_head'::role, 'Head', 'Bench', p.district, null::int from p`,
    ],
    [
      'class teachers',
      sql`insert into class_teachers (class_id, teacher_id)
        select c.id, u.id
        from (select id, school_id, row_number() over (partition by school_id order by id) cn
              from classes where district_id = ${d}) c
        join users u on u.school_id = c.school_id and u.role = 'teacher'
          and u.username = 'bench.teacher.' || c.school_id || '.' || ((c.cn + 1) / 2)`,
    ],
    [
      'licence packs',
      sql`insert into licence_packs (school_id, name, seats, starts_on, ends_on)
        select id, 'Bench year', ${perSchool + 10}, current_date - 200, current_date + 165 from schools
        where district_id = ${d}`,
    ],
  ];
}

/** A school year of activity, inserted in time order as a live district would have written it. */
function activitySteps(districtId: number): [string, SQL][] {
  const d = districtId;
  const r = (salt: number, id = 's.user_id * 64 + g') => rand(id, salt);
  return [
    [
      'worksheets',
      sql`with book as (select array_agg(id order by id) ids from passages where builder_type_id = 2),
        w as (
          select s.user_id, s.school_id, s.home_class_id, s.colour_band_id, g,
            now() - interval '365 days' * ${r(1)} as created,
            ${r(2)} < 0.8 as completed, ${r(3)} < 0.9 as quiz, ${r(4)} as score,
            (select ids[1 + floor(${r(5)} * array_length(ids, 1))::int] from book) as passage_id
          from students s, generate_series(1, ${WORKSHEETS_A_STUDENT}) g where s.district_id = ${d}
        )
        insert into worksheets (student_id, school_id, district_id, passage_id, class_id, series_id, colour_band_id,
          pages_completed, time_spent_reading_ms, quiz_submitted_at, total_score, score_percent, is_passed,
          worksheet_completed, completed_at, reading_practice_completed, created_at)
        select user_id, school_id, ${d}, passage_id, home_class_id, 6, colour_band_id,
          case when completed then 8 else 3 end, (120000 + score * 900000)::int,
          case when completed and quiz then created + interval '15 minutes' end,
          case when completed and quiz then round((score * 10)::numeric) end,
          case when completed and quiz then round((score * 100)::numeric) end,
          case when completed and quiz then score >= 0.5 end,
          completed, case when completed then created + interval '20 minutes' end, completed, created
        from w order by created`,
    ],
    [
      'reading logs',
      sql`insert into reading_activity_logs (student_id, school_id, worksheet_id, start_time, created_at)
        select w.student_id, w.school_id, w.id, w.created_at + interval '4 minutes' * g,
          w.created_at + interval '4 minutes' * g
        from worksheets w, generate_series(1, 2 + (w.id % 2)::int) g where w.district_id = ${d}
        order by w.created_at, g`,
    ],
    [
      'recordings',
      sql`insert into recordings (worksheet_id, student_id, school_id, district_id, is_practice, mime_type, size_bytes,
          duration_ms, wpm, wcpm, accuracy, grading_completed, graded_at, created_at)
        select w.id, w.student_id, w.school_id, ${d}, ${r(6, 'w.id')} < 0.1, 'audio/webm', 250000, 60000,
          40 + 160 * ${r(7, 'w.id')}, (40 + 160 * ${r(7, 'w.id')}) * 0.95, 95,
          w.created_at < now() - interval '14 days' or ${r(8, 'w.id')} < 0.6,
          case when w.created_at < now() - interval '14 days' or ${r(8, 'w.id')} < 0.6
            then w.created_at + interval '2 days' end,
          w.created_at + interval '10 minutes'
        from worksheets w where w.district_id = ${d} and w.id % 4 = 0 order by w.created_at`,
    ],
    [
      'gradings',
      sql`with q as (select array_agg(distinct question_id order by question_id) ids from question_learning_outcomes)
        insert into gradings (worksheet_id, school_id, question_id, question_num, marks, max_marks)
        select w.id, w.school_id, q.ids[1 + ((w.id + g) % array_length(q.ids, 1))::int], g,
          case when ${r(9, 'w.id * 2 + g')} < 0.7 then 1 else 0 end, 1
        from worksheets w, q, generate_series(1, 2) g
        where w.district_id = ${d} and w.quiz_submitted_at is not null order by w.quiz_submitted_at, g`,
    ],
    [
      'level changes',
      sql`insert into level_changes (student_id, school_id, from_series_id, from_colour_band_id, to_series_id,
          to_colour_band_id, rule, created_at)
        select s.user_id, s.school_id, 6, s.colour_band_id, 6, s.colour_band_id,
          (array['level_up', 'level_up', 'level_up', 'level_up', 'level_up', 'level_up', 'level_down',
                 'level_down', 'placement', 'manual_placement'])[1 + floor(${r(10)} * 10)::int],
          now() - interval '365 days' * ${r(11)}
        from students s, generate_series(1, ${LEVEL_CHANGES_A_STUDENT}) g where s.district_id = ${d}
        order by 8`,
    ],
  ];
}

const TABLES = [
  'users',
  'students',
  'classes',
  'worksheets',
  'reading_activity_logs',
  'recordings',
  'gradings',
  'level_changes',
  'student_days',
  'school_days',
  'student_outcome_days',
] as const;

/** A class of the user's: the teacher's first, the school's first, the district's first. */
async function firstClass(db: Database, username: string) {
  const { rows } = await db.execute<{ id: number }>(sql`
    select c.id from classes c join users u on u.username = ${username}
    where (u.role = 'teacher' and c.id in (select class_id from class_teachers where teacher_id = u.id))
       or (u.role = 'owner' and c.school_id = u.school_id)
       or (u.role = 'department_head' and c.district_id = u.district_id)
    order by c.id limit 1`);
  return rows[0]!.id;
}

export async function buildDistrict(db: Database, plan: DistrictPlan): Promise<BuiltDistrict> {
  const seconds: Record<string, number> = {};
  const { rows } = await db.execute<{ id: number }>(
    sql`insert into districts (name) values ('Bench District') returning id`,
  );
  const districtId = rows[0]!.id;
  for (const [step, statement] of [...peopleSteps(districtId, plan), ...activitySteps(districtId)]) {
    await timed(seconds, step, () => db.execute(statement));
  }
  // As autovacuum leaves a live database: statistics, and the visibility map that lets a scan read an index alone.
  await timed(seconds, 'vacuum analyze', () => db.execute(sql`vacuum analyze`));
  return describeDistrict(db, districtId, seconds);
}

/**
 * The district an earlier run built in this database, if any: timing it again needs no build. Vacuumed first, as
 * autovacuum leaves a live database after a migration that rewrote rows (a cleared visibility map turns index-only
 * scans into seq scans: 0018's first rerun timed those).
 */
export async function districtBuiltBefore(db: Database): Promise<BuiltDistrict | undefined> {
  const { rows } = await db.execute<{ id: number }>(
    sql`select id from districts where name = 'Bench District' order by id limit 1`,
  );
  if (!rows[0]) return undefined;
  await db.execute(sql`vacuum analyze`);
  return describeDistrict(db, rows[0].id, {});
}

async function describeDistrict(
  db: Database,
  districtId: number,
  seconds: Record<string, number>,
): Promise<BuiltDistrict> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows: counted } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    );
    counts[table] = counted[0]!.n;
  }
  const { rows: schools } = await db.execute<{ id: number }>(
    sql`select id from schools where district_id = ${districtId} order by id limit 1`,
  );
  const teacher = `bench.teacher.${schools[0]!.id}.1`;
  const owner = `bench.owner.${schools[0]!.id}`;
  return {
    districtId,
    teacher: { username: teacher, classId: await firstClass(db, teacher) },
    owner: { username: owner, classId: await firstClass(db, owner) },
    head: { username: 'bench.head', classId: await firstClass(db, 'bench.head') },
    rows: counts,
    seconds,
  };
}
