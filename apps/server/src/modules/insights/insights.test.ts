/**
 * Insights on the seeded demo district (docs/rules.md IN1–IN9): each call's figures agree with the same figure
 * counted here straight from the raw rows in plain SQL, and scope holds: a teacher's insights count only their
 * classes' students, an owner's only their school's, and a department head's school from another district is 404.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';
import { demoDistrictApp } from './demo-district.fixture.js';

let t: TestApp;
let token: Awaited<ReturnType<typeof demoDistrictApp>>['token'];
let ids: { willow: number; harbour: number; maple: number; birch: number; aspen: number; puffin: number };
let outsideSchool: number;

/** The demo's 28 days up to the test clock's day (IN1's default period). */
const RANGE = { from: '2026-08-19T00:00:00Z', until: '2026-09-16T00:00:00Z' };
const POWER_BUILDER = 2;

/**
 * Waits until a statement of this database waits on a lock: the second of two transactions has reached the rows the
 * first holds, so the race the test sets up is really run (a fixed sleep let it slip past on a loaded machine).
 */
async function waitingOnALock(): Promise<void> {
  await vi.waitFor(
    async () =>
      expect(
        await scalar(sql`select count(*) as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`),
      ).toBeGreaterThan(0),
    { timeout: 30_000, interval: 20 },
  );
}

/** A number straight from the database. */
async function scalar(query: ReturnType<typeof sql>): Promise<number> {
  const { rows } = await t.db.execute<{ n: string | number | null }>(query);
  return Number(rows[0]?.n ?? 0);
}
const idOf = (table: 'schools' | 'classes', name: string) =>
  scalar(sql`select id as n from ${sql.identifier(table)} where name = ${name}`);

/** Students enrolled in the classes, as SQL. */
const enrolledIn = (...classIds: number[]) =>
  sql`(select student_id from enrolments where class_id in (${sql.join(
    classIds.map((id) => sql`${id}`),
    sql`, `,
  )}))`;
const ofSchool = (schoolId: number) => sql`(select user_id from students where school_id = ${schoolId})`;

beforeAll(async () => {
  ({ t, token } = await demoDistrictApp());
  ids = {
    willow: await idOf('schools', 'Willow Creek Elementary'),
    harbour: await idOf('schools', 'Harbour View School'),
    maple: await idOf('classes', 'Grade 3 Maple'),
    birch: await idOf('classes', 'Grade 3 Birch'),
    aspen: await idOf('classes', 'Grade 2 Aspen'),
    puffin: await idOf('classes', 'Grade 1 Puffin'),
  };
  outsideSchool = (await t.factories.school()).school.id;
});
afterAll(() => t.close());

async function get<T>(role: keyof typeof token, url: string): Promise<T> {
  const response = await t.request({ method: 'GET', url: `/api${url}`, token: token[role] });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}
const call = (role: keyof typeof token, url: string) =>
  t.request({ method: 'GET', url: `/api${url}`, token: token[role] });

/** Raw counts of the students `who` names over RANGE, as P10 and IN2 define them. */
const raw = {
  books: (who: ReturnType<typeof sql>) =>
    scalar(sql`select count(*) as n from worksheets w join passages p on p.id = w.passage_id
      where w.student_id in ${who} and p.builder_type_id = ${POWER_BUILDER} and w.worksheet_completed
      and w.completed_at >= ${RANGE.from} and w.completed_at < ${RANGE.until}`),
  minutes: (who: ReturnType<typeof sql>) =>
    scalar(sql`select coalesce(sum(time_spent_reading_ms), 0) / 60000.0 as n from worksheets
      where student_id in ${who} and created_at >= ${RANGE.from} and created_at < ${RANGE.until}`),
  quizzes: (who: ReturnType<typeof sql>) =>
    scalar(sql`select count(*) as n from worksheets where student_id in ${who}
      and quiz_submitted_at >= ${RANGE.from} and quiz_submitted_at < ${RANGE.until}`),
  active: (who: ReturnType<typeof sql>, from = RANGE.from, until = RANGE.until) =>
    scalar(sql`select count(distinct s) as n from (
      select student_id s, created_at a from worksheets union all
      select student_id, quiz_submitted_at from worksheets union all
      select student_id, start_time from reading_activity_logs union all
      select student_id, created_at from recordings) e
      where s in ${who} and a >= ${from} and a < ${until}`),
  students: (who: ReturnType<typeof sql>) =>
    scalar(sql`select count(*) as n from students where user_id in ${who}`),
  averageScore: (who: ReturnType<typeof sql>) =>
    scalar(sql`select avg(w.score_percent) as n from worksheets w join passages p on p.id = w.passage_id
      where w.student_id in ${who} and p.builder_type_id = ${POWER_BUILDER}
      and w.quiz_submitted_at >= ${RANGE.from} and w.quiz_submitted_at < ${RANGE.until}`),
};

describe('GET /v1/classes/student-count', () => {
  it('counts the owner’s school: students, classes and those active in the last 7 days', async () => {
    const counts = await get<{ student_count: number; class_count: number; active_student_count: number }>(
      'owner',
      `/v1/classes/student-count?school_id=${ids.harbour}`, // ignored for an owner
    );
    const now = t.clock.now();
    const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString();
    expect(counts).toEqual({
      student_count: await raw.students(ofSchool(ids.willow)),
      class_count: await scalar(sql`select count(*) as n from classes where school_id = ${ids.willow}`),
      active_student_count: await raw.active(ofSchool(ids.willow), weekAgo, now.toISOString()),
    });
    expect(counts.active_student_count).toBeGreaterThan(0);
  });

  it('counts only the caller’s students active in the week’s ragged ends (today so far, read from the events)', async () => {
    type Counts = { active_student_count: number };
    const now = t.clock.now();
    const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString();
    const mine = enrolledIn(ids.maple, ids.birch);
    const district = sql`(select user_id from students)`;
    // A student outside the teacher's classes, not active this week, logs a reading session today.
    const { rows } = await t.db.execute<{ id: number }>(sql`insert into reading_activity_logs
      (student_id, school_id, worksheet_id, start_time)
      select w.student_id, w.school_id, w.id, ${new Date(now.getTime() - 60_000).toISOString()} from worksheets w
      where w.student_id not in ${mine} and w.student_id not in (select distinct s from (
        select student_id s, created_at a from worksheets union all
        select student_id, quiz_submitted_at from worksheets union all
        select student_id, start_time from reading_activity_logs union all
        select student_id, created_at from recordings) e where a >= ${weekAgo})
      limit 1 returning id`);
    expect(rows).toHaveLength(1);
    try {
      const teacher = await get<Counts>('teacher', '/v1/classes/student-count');
      const head = await get<Counts>('head', '/v1/classes/student-count');
      expect(teacher.active_student_count).toBe(await raw.active(mine, weekAgo, now.toISOString()));
      expect(head.active_student_count).toBe(await raw.active(district, weekAgo, now.toISOString()));
      expect(head.active_student_count).toBeGreaterThan(teacher.active_student_count);
    } finally {
      await t.db.execute(sql`delete from reading_activity_logs where id = ${rows[0]!.id}`);
    }
  });
});

describe('GET /v1/classes/insights', () => {
  it('totals a teacher’s classes over the last 28 days as the raw rows give them', async () => {
    const insights = await get<Record<string, number | null>>('teacher', '/v1/classes/insights');
    const mine = enrolledIn(ids.maple, ids.birch);
    expect(insights.total_students).toBe(await raw.students(mine));
    expect(insights.books_completed).toBe(await raw.books(mine));
    expect(insights.books_completed).toBeGreaterThan(0);
    expect(insights.quizzes_submitted).toBe(await raw.quizzes(mine));
    expect(insights.minutes_reading).toBeCloseTo(await raw.minutes(mine), 0);
    expect(insights.active_students).toBe(await raw.active(mine));
    expect(insights.average_score_percent).toBeCloseTo(await raw.averageScore(mine), 1);
  });

  it('totals an owner’s whole school, read from its kept day totals, as the raw rows give them', async () => {
    const insights = await get<Record<string, number | null>>('owner', '/v1/classes/insights');
    const school = ofSchool(ids.willow);
    expect(insights.books_completed).toBe(await raw.books(school));
    expect(insights.quizzes_submitted).toBe(await raw.quizzes(school));
    expect(insights.minutes_reading).toBeCloseTo(await raw.minutes(school), 0);
    expect(insights.active_students).toBe(await raw.active(school));
    expect(insights.average_score_percent).toBeCloseTo(await raw.averageScore(school), 1);
  });

  it('speeds and reviews as the raw recordings give them, following a new, a practice and a deleted recording', async () => {
    const school = ofSchool(ids.willow);
    /** Each student's newest read-aloud recording with a WPM, straight from the recordings (P9). */
    const newest = sql`(select distinct on (student_id) wpm, wcpm from recordings
      where student_id in ${school} and not is_practice and wpm is not null
      order by student_id, created_at desc, id desc)`;
    const expectRaw = async () => {
      const insights = await get<{
        average_wpm: number | null;
        average_wcpm: number | null;
        recordings_graded: number;
        recordings_waiting: number;
        fluency: { from: number; wpm_students: number }[];
      }>('owner', '/v1/classes/insights');
      expect(insights.average_wpm).toBeCloseTo(await scalar(sql`select avg(wpm) as n from ${newest} x`), 1);
      expect(insights.average_wcpm).toBeCloseTo(await scalar(sql`select avg(wcpm) as n from ${newest} x`), 1);
      for (const band of insights.fluency) {
        expect(band.wpm_students, `from ${band.from}`).toBe(
          await scalar(sql`select count(*) as n from ${newest} x
            where least(floor(wpm / 20) * 20, 200) = ${band.from}`),
        );
      }
      expect(insights.recordings_waiting).toBe(
        await scalar(sql`select count(*) as n from recordings where student_id in ${school}
          and not is_practice and not grading_completed`),
      );
      expect(insights.recordings_graded).toBe(
        await scalar(sql`select count(*) as n from recordings where student_id in ${school} and not is_practice
          and grading_completed and graded_at >= ${RANGE.from} and graded_at < ${RANGE.until}`),
      );
      return insights;
    };
    const before = await expectRaw();
    expect(before.average_wpm).not.toBeNull();
    // The kept speeds follow the recordings in the same transaction: a faster newest take, then it turned practice.
    const { rows } = await t.db.execute<{ id: number }>(sql`insert into recordings
      (worksheet_id, student_id, school_id, district_id, mime_type, size_bytes, duration_ms, wpm, wcpm, created_at)
      select id, student_id, school_id, district_id, 'audio/webm', 1, 1000, 390, 380, ${t.clock.now().toISOString()}
      from worksheets where student_id in ${school} order by id limit 1 returning id`);
    const added = rows[0]!.id;
    expect((await expectRaw()).average_wpm).toBeGreaterThan(before.average_wpm!);
    await t.db.execute(sql`update recordings set is_practice = true where id = ${added}`);
    expect((await expectRaw()).average_wpm).toBeCloseTo(before.average_wpm!, 1);
    await t.db.execute(sql`delete from recordings where id = ${added}`);
    expect((await expectRaw()).average_wpm).toBeCloseTo(before.average_wpm!, 1);
  });

  it('one class narrows it; a class the teacher does not teach is 404; a bad date names query.start', async () => {
    const maple = await get<{ total_students: number; books_completed: number }>(
      'teacher',
      `/v1/classes/insights?class_id=${ids.maple}`,
    );
    expect(maple.total_students).toBe(await raw.students(enrolledIn(ids.maple)));
    expect(maple.books_completed).toBe(await raw.books(enrolledIn(ids.maple)));
    expectError(await call('teacher', `/v1/classes/insights?class_id=${ids.aspen}`), 404);
    expectError(await call('owner', `/v1/classes/insights?class_id=${ids.puffin}`), 404);
    expectError(await call('teacher', '/v1/classes/insights?start=yesterday'), 400, 'query.start');
  });

  it('a department head narrows to a school of the district; another district’s school is 404', async () => {
    const harbour = await get<{ total_students: number }>(
      'head',
      `/v1/classes/insights?school_id=${ids.harbour}`,
    );
    expect(harbour.total_students).toBe(await raw.students(ofSchool(ids.harbour)));
    const district = await get<{ total_students: number }>('head', '/v1/classes/insights');
    expect(district.total_students).toBeGreaterThan(harbour.total_students);
    expectError(await call('head', `/v1/classes/insights?school_id=${outsideSchool}`), 404);
  });
});

describe('GET /v1/classes/student-colour-band-by-series', () => {
  it('counts each series and band of the school the head picks as the students table does', async () => {
    const { rows, unplaced_count } = await get<{
      rows: { series_id: number; colour_band_id: number; student_count: number; series_name: string }[];
      unplaced_count: number;
    }>('head', `/v1/classes/student-colour-band-by-series?school_id=${ids.willow}`);
    const { rows: expected } = await t.db.execute<{ series_id: number; colour_band_id: number; n: number }>(
      sql`select series_id, colour_band_id, count(*)::int as n from students
        where school_id = ${ids.willow} and colour_band_id is not null group by 1, 2 order by 1, 2`,
    );
    expect(rows.map((row) => [row.series_id, row.colour_band_id, row.student_count])).toEqual(
      expected.map((row) => [row.series_id, row.colour_band_id, row.n]),
    );
    expect(rows.every((row) => row.series_name !== '')).toBe(true);
    expect(unplaced_count).toBe(
      await scalar(
        sql`select count(*) as n from students where school_id = ${ids.willow} and colour_band_id is null`,
      ),
    );
    expect(unplaced_count).toBeGreaterThan(0);
  });
});

describe('student_days, the rollup the periods read (migration 0012)', () => {
  /** Rows of student_days that a recount of the raw events does not give, and the other way round. */
  const differences = () =>
    scalar(sql`with recount as (
      select student_id, day, sum(events)::int as events, sum(reading_ms)::bigint as reading_ms,
        sum(pages)::int as pages, sum(books)::int as books, sum(quizzes)::int as quizzes,
        sum(recordings)::int as recordings, sum(scored)::int as scored_quizzes, round(sum(score)::numeric, 3) as score
      from (
        select student_id, (created_at at time zone 'UTC')::date as day, 1 as events,
          time_spent_reading_ms as reading_ms, pages_completed as pages, 0 as books, 0 as quizzes, 0 as recordings,
          0 as scored, 0::float8 as score from worksheets
        union all select w.student_id, (w.quiz_submitted_at at time zone 'UTC')::date, 1, 0, 0, 0, 1, 0,
          (p.builder_type_id = ${POWER_BUILDER} and w.score_percent is not null)::int,
          case when p.builder_type_id = ${POWER_BUILDER} then coalesce(w.score_percent, 0) else 0 end
          from worksheets w join passages p on p.id = w.passage_id where w.quiz_submitted_at is not null
        union all select w.student_id, (w.completed_at at time zone 'UTC')::date, 0, 0, 0, 1, 0, 0, 0, 0
          from worksheets w join passages p on p.id = w.passage_id
          where p.builder_type_id = ${POWER_BUILDER} and w.worksheet_completed and w.completed_at is not null
        union all select student_id, (start_time at time zone 'UTC')::date, 1, 0, 0, 0, 0, 0, 0, 0
          from reading_activity_logs
        union all select student_id, (created_at at time zone 'UTC')::date, 1, 0, 0, 0, 0, (not is_practice)::int, 0, 0
          from recordings
      ) e group by student_id, day
    ),
    kept as (
      select student_id, day, events, reading_ms, pages, books, quizzes, recordings, scored_quizzes,
        round(score_sum::numeric, 3) as score
      from student_days
      where events <> 0 or reading_ms <> 0 or pages <> 0 or books <> 0 or quizzes <> 0 or recordings <> 0
        or scored_quizzes <> 0 or round(score_sum::numeric, 3) <> 0
    )
    select count(*) as n from ((table recount except table kept) union all (table kept except table recount)) x`);

  it('equals a recount of the raw events, following an insert, updates and deletes in their transactions', async () => {
    expect(await scalar(sql`select count(*) as n from student_days`)).toBeGreaterThan(0);
    expect(await differences()).toBe(0);
    const [a, b] = (
      await t.db.execute<{ id: number }>(sql`select user_id as id from students
        where school_id = ${ids.willow} order by user_id limit 2`)
    ).rows.map((row) => row.id);
    const book = await scalar(
      sql`select min(id) as n from passages where builder_type_id = ${POWER_BUILDER}`,
    );
    const { rows } = await t.db.execute<{ id: number }>(sql`insert into worksheets
      (student_id, school_id, district_id, passage_id, pages_completed, time_spent_reading_ms, created_at)
      select user_id, school_id, district_id, ${book}, 2, 90000, '2026-09-14T23:50:00Z' from students where user_id = ${a}
      returning id`);
    const worksheet = rows[0]!.id;
    expect(await differences()).toBe(0);
    // Handed in and completed after midnight: the quiz and the book count on the next day, the reading on the first.
    await t.db
      .execute(sql`update worksheets set quiz_submitted_at = '2026-09-15T00:10:00Z', score_percent = 75,
      worksheet_completed = true, completed_at = '2026-09-15T00:11:00Z', time_spent_reading_ms = 120000
      where id = ${worksheet}`);
    expect(await differences()).toBe(0);
    await t.db.execute(sql`insert into reading_activity_logs (student_id, school_id, worksheet_id, start_time)
      select student_id, school_id, id, '2026-09-13T08:00:00Z' from worksheets where id = ${worksheet}`);
    await t.db.execute(sql`insert into recordings
      (worksheet_id, student_id, school_id, district_id, mime_type, size_bytes, duration_ms, created_at)
      select id, student_id, school_id, district_id, 'audio/webm', 1, 1000, '2026-09-12T08:00:00Z' from worksheets
      where id = ${worksheet}`);
    expect(await differences()).toBe(0);
    await t.db.execute(sql`update recordings set is_practice = true where worksheet_id = ${worksheet}`);
    await t.db.execute(sql`update worksheets set student_id = ${b} where id = ${worksheet}`);
    expect(await differences()).toBe(0);
    // Deleting the worksheet takes its reading log and recording with it (cascade): their days go down too.
    await t.db.execute(sql`delete from worksheets where id = ${worksheet}`);
    expect(await differences()).toBe(0);
    // A student deleted takes their days with them.
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from students where user_id = ${a}`);
        expect(
          await tx.execute<{ n: number }>(
            sql`select count(*)::int as n from student_days where student_id = ${a}`,
          ),
        ).toMatchObject({ rows: [{ n: 0 }] });
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message.includes('Rollback'))) throw error;
      });
    expect(await differences()).toBe(0);
  });
});

describe('school_days, the schools’ totals (migration 0014)', () => {
  /**
   * Rows of school_days that a recount of student_days by each student's school now does not give, and back; and
   * student days that do not carry their student's school now (migration 0018).
   */
  const differences = (db: Pick<typeof t.db, 'execute'> = t.db) =>
    db
      .execute<{ n: number }>(
        sql`with recount as (
      select s.school_id, d.day, (count(*) filter (where d.events > 0))::int as active,
        sum(d.reading_ms)::bigint as reading_ms, sum(d.pages)::int as pages, sum(d.books)::int as books,
        sum(d.quizzes)::int as quizzes, sum(d.recordings)::int as recordings,
        sum(d.scored_quizzes)::int as scored_quizzes, round(sum(d.score_sum)::numeric, 3) as score
      from student_days d join students s on s.user_id = d.student_id
      -- A student's day whose events were all taken off again adds nothing.
      where d.events <> 0 or d.reading_ms <> 0 or d.pages <> 0 or d.books <> 0 or d.quizzes <> 0 or d.recordings <> 0
        or d.scored_quizzes <> 0 or round(d.score_sum::numeric, 3) <> 0
      group by s.school_id, d.day
    ),
    kept as (
      select school_id, day, active_students, reading_ms, pages, books, quizzes, recordings, scored_quizzes,
        round(score_sum::numeric, 3)
      from school_days
      where active_students <> 0 or reading_ms <> 0 or pages <> 0 or books <> 0 or quizzes <> 0 or recordings <> 0
        or scored_quizzes <> 0 or round(score_sum::numeric, 3) <> 0
    )
    select (select count(*) from ((table recount except table kept) union all (table kept except table recount)) x)
      + (select count(*) from student_days d join students s on s.user_id = d.student_id
        where d.school_id <> s.school_id) as n`,
      )
      .then(({ rows }) => Number(rows[0]!.n));

  it('equals student_days summed by each student’s school now, following a move and a student deleted', async () => {
    expect(await scalar(sql`select count(*) as n from school_days`)).toBeGreaterThan(0);
    expect(await differences()).toBe(0);
    const student = await scalar(sql`select min(student_id) as n from student_days d
      join students s on s.user_id = d.student_id where s.school_id = ${ids.willow} and d.events > 0`);
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`update students set school_id = ${ids.harbour} where user_id = ${student}`);
        expect(await differences(tx)).toBe(0);
        await tx.execute(sql`delete from students where user_id = ${student}`);
        expect(await differences(tx)).toBe(0);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message.includes('Rollback'))) throw error;
      });
    expect(await differences()).toBe(0);
  });

  it('holds when a student reads while they change school (migration 0016)', async () => {
    const student = await scalar(sql`select min(user_id) as n from students where school_id = ${ids.willow}`);
    let moved!: () => void;
    const firstMoved = new Promise<void>((resolve) => (moved = resolve));
    let commit!: () => void;
    const mayCommit = new Promise<void>((resolve) => (commit = resolve));
    const move = t.db.transaction(async (tx) => {
      await tx.execute(sql`update students set school_id = ${ids.harbour} where user_id = ${student}`);
      moved();
      await mayCommit;
    });
    await firstMoved;
    // A reading session logged meanwhile waits for the move, then counts for the school the student is in.
    const read = Promise.resolve(
      t.db.execute(sql`insert into reading_activity_logs (student_id, school_id, worksheet_id, start_time)
        select student_id, school_id, id, '2026-06-01T09:00:00Z' from worksheets where student_id = ${student}
        order by id limit 1`),
    );
    await waitingOnALock();
    commit();
    await Promise.all([move, read]);
    expect(await differences()).toBe(0);
    await t.db.execute(sql`delete from reading_activity_logs where student_id = ${student}
      and start_time = '2026-06-01T09:00:00Z'`);
    await t.db.execute(sql`update students set school_id = ${ids.willow} where user_id = ${student}`);
    expect(await differences()).toBe(0);
  });
});

describe('student_outcome_days, the rollup IN9 reads (migration 0013)', () => {
  /** Rows of student_outcome_days that a recount of the marked answers does not give, and the other way round. */
  const differences = () =>
    scalar(sql`with recount as (
      select w.student_id, (w.quiz_submitted_at at time zone 'UTC')::date as day, q.learning_outcome_id,
        round(sum(g.marks)::numeric, 3) as marks, round(sum(g.max_marks)::numeric, 3) as max_marks,
        count(distinct (g.worksheet_id, g.question_id))::int as answered,
        lag((w.quiz_submitted_at at time zone 'UTC')::date)
          over (partition by w.student_id, q.learning_outcome_id order by (w.quiz_submitted_at at time zone 'UTC')::date)
          as previous_day
      from gradings g join worksheets w on w.id = g.worksheet_id
      join question_learning_outcomes q on q.question_id = g.question_id
      where w.quiz_submitted_at is not null and g.marks is not null group by 1, 2, 3
    ),
    kept as (
      select student_id, day, learning_outcome_id, round(marks::numeric, 3), round(max_marks::numeric, 3), answered,
        previous_day
      from student_outcome_days
    )
    select count(*) as n from ((table recount except table kept) union all (table kept except table recount)) x`);

  it('equals a recount of the marked answers, following marks, a quiz handed in on another day and deletes', async () => {
    expect(await scalar(sql`select count(*) as n from student_outcome_days`)).toBeGreaterThan(0);
    expect(await differences()).toBe(0);
    const worksheet =
      await scalar(sql`select min(w.id) as n from worksheets w join gradings g on g.worksheet_id = w.id
      join question_learning_outcomes q on q.question_id = g.question_id where w.quiz_submitted_at is not null`);
    const other = await scalar(sql`select min(student_id) as n from worksheets where id <> ${worksheet}
      and student_id <> (select student_id from worksheets where id = ${worksheet})`);
    await t.db.execute(sql`update gradings set marks = 0 where worksheet_id = ${worksheet}`);
    expect(await differences()).toBe(0);
    await t.db.execute(sql`update worksheets set quiz_submitted_at = quiz_submitted_at - interval '3 days'
      where id = ${worksheet}`);
    expect(await differences()).toBe(0);
    await t.db.execute(sql`update worksheets set student_id = ${other} where id = ${worksheet}`);
    expect(await differences()).toBe(0);
    // An answer waiting for a teacher's mark does not count until marked.
    await t.db.execute(sql`update gradings set marks = null where worksheet_id = ${worksheet}`);
    expect(await differences()).toBe(0);
    await t.db.execute(sql`delete from gradings where worksheet_id = ${worksheet}`);
    expect(await differences()).toBe(0);
    await t.db.execute(sql`delete from worksheets where id = ${worksheet}`);
    expect(await differences()).toBe(0);
  });

  it('holds when two transactions rebuild the same student and day at once (migration 0016)', async () => {
    const { rows } = await t.db.execute<{ worksheet: number; question: number }>(sql`
      select g.worksheet_id as worksheet, q.question_id as question from gradings g
      join worksheets w on w.id = g.worksheet_id join question_learning_outcomes q on q.question_id <> g.question_id
      where w.quiz_submitted_at is not null and g.marks is not null
        and not exists (select 1 from gradings o where o.worksheet_id = g.worksheet_id and o.question_id = q.question_id)
      order by g.worksheet_id limit 1`);
    const { worksheet, question } = rows[0]!;
    let marked!: () => void;
    const firstMarked = new Promise<void>((resolve) => (marked = resolve));
    let commit!: () => void;
    const mayCommit = new Promise<void>((resolve) => (commit = resolve));
    // A teacher's mark rebuilds the student's day and holds it uncommitted...
    const first = t.db.transaction(async (tx) => {
      await tx.execute(sql`update gradings set marks = max_marks where worksheet_id = ${worksheet}`);
      marked();
      await mayCommit;
    });
    await firstMarked;
    // ... while another answer of the same quiz arrives: its rebuild waits for the first, then counts both.
    // Started now (a query runs when awaited): it waits on the first transaction's rows.
    const second = Promise.resolve(
      t.db.execute(sql`insert into gradings (worksheet_id, school_id, question_id, question_num, marks,
        max_marks)
      select id, school_id, ${question}, 99, 1, 1 from worksheets where id = ${worksheet}`),
    );
    await waitingOnALock();
    commit();
    await Promise.all([first, second]);
    expect(await differences()).toBe(0);
    await t.db.execute(sql`delete from gradings where worksheet_id = ${worksheet} and question_num = 99`);
    expect(await differences()).toBe(0);
  });

  it('links a student’s days when two transactions add days of one outcome at once (migration 0017)', async () => {
    // Two quizzes of one student on different days, and an outcome the student has no marks on yet.
    const { rows } = await t.db.execute<{ earlier: number; later: number; question: number }>(sql`
      select w1.id as earlier, w2.id as later, q.question_id as question
      from worksheets w1 join worksheets w2 on w2.student_id = w1.student_id
        and (w2.quiz_submitted_at at time zone 'UTC')::date > (w1.quiz_submitted_at at time zone 'UTC')::date
      join question_learning_outcomes q on not exists (select 1 from student_outcome_days d
        where d.student_id = w1.student_id and d.learning_outcome_id = q.learning_outcome_id)
      where not exists (select 1 from gradings g where g.worksheet_id in (w1.id, w2.id)
        and g.question_id = q.question_id)
      order by w1.id, w2.id, q.question_id limit 1`);
    const { earlier, later, question } = rows[0]!;
    const mark = (executor: Pick<typeof t.db, 'execute'>, worksheet: number) =>
      executor.execute(sql`insert into gradings (worksheet_id, school_id, question_id, question_num, marks, max_marks)
        select id, school_id, ${question}, 98, 1, 1 from worksheets where id = ${worksheet}`);
    let marked!: () => void;
    const firstMarked = new Promise<void>((resolve) => (marked = resolve));
    let commit!: () => void;
    const mayCommit = new Promise<void>((resolve) => (commit = resolve));
    // The earlier day's answer, uncommitted...
    const first = t.db.transaction(async (tx) => {
      await mark(tx, earlier);
      marked();
      await mayCommit;
    });
    await firstMarked;
    // ... while the later day's arrives: its day must link to the earlier one, so it waits for it.
    const second = Promise.resolve(mark(t.db, later));
    await waitingOnALock();
    commit();
    await Promise.all([first, second]);
    expect(await differences()).toBe(0);
    await t.db.execute(
      sql`delete from gradings where worksheet_id in (${earlier}, ${later}) and question_num = 98`,
    );
    expect(await differences()).toBe(0);
  });
});

describe('GET /v1/classes/activity', () => {
  it('lists every day of the period, the days adding up to the raw totals', async () => {
    const { days } = await get<{
      days: { date: string; books_completed: number; quizzes_submitted: number; active_students: number }[];
    }>('owner', '/v1/classes/activity');
    expect(days).toHaveLength(28);
    expect(days.at(-1)!.date).toBe('2026-09-15');
    const sum = (key: 'books_completed' | 'quizzes_submitted') => days.reduce((n, day) => n + day[key], 0);
    expect(sum('books_completed')).toBe(await raw.books(ofSchool(ids.willow)));
    expect(sum('quizzes_submitted')).toBe(await raw.quizzes(ofSchool(ids.willow)));
    // A whole school's days are read from its kept totals (school_days): each day's active students as the events.
    for (const day of days.filter((_, index) => index % 3 === 0)) {
      const next = new Date(Date.parse(`${day.date}T00:00:00Z`) + 86_400_000).toISOString();
      expect(day.active_students, day.date).toBe(
        await raw.active(ofSchool(ids.willow), `${day.date}T00:00:00Z`, next),
      );
    }
    expect(days.some((day) => day.active_students > 0)).toBe(true);
    // "All time" is answered from the school's first day of activity up to today (I6).
    const all = await get<{ days: { date: string; active_students: number }[] }>(
      'owner',
      '/v1/classes/activity?start=1900-01-01&end=9999-12-31',
    );
    expect(all.days[0]!.active_students).toBeGreaterThan(0);
    expect(all.days.at(-1)!.date).toBe('2026-09-15');
  });
});

describe('GET /v1/classes/weekly-activity', () => {
  it('gives each class the teacher teaches its last 8 weeks, as the raw rows of its students', async () => {
    const { classes, has_more } = await get<{
      classes: { class_id: number; name: string; weeks: { week_start: string; books_completed: number }[] }[];
      has_more: boolean;
    }>('teacher', '/v1/classes/weekly-activity');
    expect(classes.map((klass) => klass.name)).toEqual(['Grade 3 Birch', 'Grade 3 Maple']);
    expect(has_more).toBe(false);
    for (const klass of classes) {
      expect(klass.weeks).toHaveLength(8);
      expect(klass.weeks.at(-1)!.week_start).toBe('2026-09-14');
      const books =
        await scalar(sql`select count(*) as n from worksheets w join passages p on p.id = w.passage_id
        where w.student_id in ${enrolledIn(klass.class_id)} and p.builder_type_id = ${POWER_BUILDER}
        and w.worksheet_completed and w.completed_at >= '2026-07-27' and w.completed_at < '2026-09-21'`);
      expect(klass.weeks.reduce((n, week) => n + week.books_completed, 0)).toBe(books);
    }
  });

  it('with all, an owner gets every class of the school and no other', async () => {
    const { classes } = await get<{ classes: { school_id: number }[] }>(
      'owner',
      '/v1/classes/weekly-activity?all=true',
    );
    expect(classes.length).toBe(
      await scalar(sql`select count(*) as n from classes where school_id = ${ids.willow}`),
    );
    expect(classes.every((klass) => klass.school_id === ids.willow)).toBe(true);
    expectError(await call('owner', '/v1/classes/weekly-activity?all=maybe'), 400, 'query.all');
  });
});

describe('GET /v1/classes/weekly-activity/{id}', () => {
  it('one class of the caller’s, its active students per week from the raw rows; another’s is 404', async () => {
    const maple = await get<{ weeks: { week_start: string; active_students: number }[] }>(
      'teacher',
      `/v1/classes/weekly-activity/${ids.maple}`,
    );
    const lastWeek = maple.weeks.at(-2)!;
    const until = new Date(Date.parse(lastWeek.week_start) + 7 * 86_400_000).toISOString();
    expect(lastWeek.active_students).toBe(
      await raw.active(enrolledIn(ids.maple), `${lastWeek.week_start}T00:00:00Z`, until),
    );
    expectError(await call('teacher', `/v1/classes/weekly-activity/${ids.aspen}`), 404);
  });
});

describe('GET /v1/classes/level-progression', () => {
  it('lists the school’s level changes of the period, newest first, counted by reason as the raw rows', async () => {
    const progression = await get<{
      reasons: { reason: string; change_count: number; student_count: number }[];
      level_changes: { changed_at: string; student_name: string; school_id: number; detail: string }[];
      total: number;
    }>('owner', '/v1/classes/level-progression?start=2026-01-01');
    const { rows } = await t.db.execute<{ rule: string; n: number; s: number }>(
      sql`select rule, count(*)::int as n, count(distinct student_id)::int as s from level_changes
        where school_id = ${ids.willow} and rule <> 'seed' and created_at >= '2026-01-01' group by rule`,
    );
    expect(progression.reasons.sort((a, b) => a.reason.localeCompare(b.reason))).toEqual(
      rows
        .sort((a, b) => a.rule.localeCompare(b.rule))
        .map((row) => ({ reason: row.rule, change_count: row.n, student_count: row.s })),
    );
    expect(progression.total).toBeGreaterThan(0);
    expect(progression.level_changes.length).toBe(Math.min(progression.total, 50));
    const times = progression.level_changes.map((change) => change.changed_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(progression.level_changes.every((change) => change.school_id === ids.willow)).toBe(true);
    // Each change says why in words staff read, not the stored record's JSON.
    for (const change of progression.level_changes) expect(change.detail).toMatch(/^[A-Z“]/);
  });
});

describe('GET /v1/classes/reading-overview', () => {
  it('lists the students of the classes named with their books as the raw rows; a class out of scope is 404', async () => {
    const { students } = await get<{ students: { student_id: number; books_completed: number }[] }>(
      'teacher',
      `/v1/classes/reading-overview?class_ids=${ids.maple}`,
    );
    expect(students.length).toBe(await raw.students(enrolledIn(ids.maple)));
    for (const student of students) {
      expect(student.books_completed, String(student.student_id)).toBe(
        await raw.books(sql`(${student.student_id})`),
      );
    }
    expectError(
      await call('teacher', `/v1/classes/reading-overview?class_ids=${ids.maple},${ids.aspen}`),
      404,
    );
    expectError(
      await call('teacher', '/v1/classes/reading-overview?class_ids=maple'),
      400,
      'query.class_ids',
    );
  });
});

describe('GET /v1/classes/reading-overview-paginated', () => {
  it('pages the district by 50, sorted by books read, searched by name', async () => {
    const page = await get<{
      students: { student_id: number; books_completed: number; last_name: string }[];
      total: number;
    }>('head', '/v1/classes/reading-overview-paginated?sort=books_completed&order=desc');
    expect(page.total).toBe(
      await scalar(sql`select count(*) as n from students s join schools c on c.id = s.school_id
        where c.id in (${ids.willow}, ${ids.harbour})`),
    );
    expect(page.students.length).toBe(Math.min(page.total, 50));
    const books = page.students.map((student) => student.books_completed);
    expect([...books].sort((a, b) => b - a)).toEqual(books);
    expect(books[0]).toBe(
      await scalar(sql`select max(n) as n from (select count(*) n from worksheets w join passages p
        on p.id = w.passage_id where p.builder_type_id = ${POWER_BUILDER} and w.worksheet_completed
        and w.completed_at >= ${RANGE.from} and w.completed_at < ${RANGE.until} group by w.student_id) x`),
    );
    // The whole order, ties by name, as the raw rows give it: the district's and the owner's school's first page.
    const rawOrder = (who: ReturnType<typeof sql>) =>
      t.db
        .execute<{ id: number }>(
          sql`select s.user_id as id from students s join users u on u.id = s.user_id
            left join (select w.student_id, count(*) as n from worksheets w join passages p on p.id = w.passage_id
              where p.builder_type_id = ${POWER_BUILDER} and w.worksheet_completed
              and w.completed_at >= ${RANGE.from} and w.completed_at < ${RANGE.until} group by w.student_id) b
              on b.student_id = s.user_id
            where s.user_id in ${who}
            order by coalesce(b.n, 0) desc, u.last_name, u.first_name, u.id limit 50`,
        )
        .then(({ rows }) => rows.map((row) => row.id));
    const district = sql`(select s.user_id from students s join schools c on c.id = s.school_id
      where c.id in (${ids.willow}, ${ids.harbour}))`;
    expect(page.students.map((student) => student.student_id)).toEqual(await rawOrder(district));
    const owners = await get<{ students: { student_id: number }[] }>(
      'owner',
      '/v1/classes/reading-overview-paginated?sort=books_completed&order=desc',
    );
    expect(owners.students.map((student) => student.student_id)).toEqual(
      await rawOrder(ofSchool(ids.willow)),
    );
    const found = await get<{ students: { last_name: string }[]; total: number }>(
      'head',
      '/v1/classes/reading-overview-paginated?search=fontaine',
    );
    expect(found.students.map((student) => student.last_name)).toEqual(['Fontaine']);
    expectError(await call('head', '/v1/classes/reading-overview-paginated?sort=shoe'), 400, 'query.sort');
  });
});

describe('GET /v1/analysis/learning-outcome-performance', () => {
  /** Per outcome answered, its score and students as the raw marked answers of the school give them. */
  const rawOutcomes = async (from: string, until: string) => {
    const { rows } = await t.db.execute<{ id: number; score: string; students: number }>(sql`
      select q.learning_outcome_id as id, round((sum(g.marks) * 100 / sum(g.max_marks))::numeric, 1) as score,
        count(distinct w.student_id)::int as students
      from gradings g join worksheets w on w.id = g.worksheet_id
      join question_learning_outcomes q on q.question_id = g.question_id
      where w.school_id = ${ids.willow} and w.quiz_submitted_at >= ${from} and w.quiz_submitted_at < ${until}
        and g.marks is not null
      group by 1`);
    return new Map(rows.map((row) => [row.id, { score: Number(row.score), students: row.students }]));
  };

  // Whole days are read from student_outcome_days (a student counted on their first day of the period: students
  // with earlier days on the same outcomes).
  it.each([
    ['whole days', 'start=2026-09-02&end=2026-09-14', '2026-09-02', '2026-09-15'],
    ['the days up to today', 'start=2026-09-02', '2026-09-02', '2026-09-16'],
  ])('scores each outcome over %s as the school’s raw marked answers do', async (_, query, from, until) => {
    const { learning_outcome_performances: outcomes } = await get<{
      learning_outcome_performances: {
        learning_outcome_id: number;
        score_percent: number | null;
        students_answered: number;
      }[];
    }>('head', `/v1/analysis/learning-outcome-performance?school_id=${ids.willow}&${query}`);
    const raw = await rawOutcomes(from, until);
    expect(raw.size).toBeGreaterThan(1);
    expect(
      await scalar(sql`select count(*) as n from student_outcome_days where day >= ${from}
      and day < ${until} and previous_day < ${from}`),
    ).toBeGreaterThan(0);
    for (const outcome of outcomes) {
      const expected = raw.get(outcome.learning_outcome_id);
      expect(outcome.students_answered, `outcome ${outcome.learning_outcome_id}`).toBe(
        expected?.students ?? 0,
      );
      if (expected) expect(outcome.score_percent).toBeCloseTo(expected.score, 1);
      else expect(outcome.score_percent).toBeNull();
    }
  });
});
