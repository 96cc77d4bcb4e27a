/**
 * The district overview's figures (docs/rules.md IN11) in one statement: every school of the district, its students
 * counted once, each figure grouped by the school the student belongs to now (IN1: a student's work counts where
 * they are), never one query per school. Active readers and books are read from `student_days` for the whole UTC
 * days of their periods and from the events for a ragged end (the last 7 days run from now), as activity counts them.
 */
import { sql, type SQL } from 'drizzle-orm';
import { BuilderType, type DistrictSchoolFigures } from '@readalong/contracts';
import type { Executor } from '../../db/database.js';
import type { Interval } from '../reports/date-range.js';
import { onDays, wholeDaysOf, type Days } from '../activity/activity.service.js';
import { awaitingReview } from '../reports/report-conditions.js';
import { recordings } from '../../db/schema/index.js';

/** A school's figures as counted; the average gain is worked out from them. */
export type SchoolFiguresRow = Omit<DistrictSchoolFigures, 'average_level_gain'>;

export interface OverviewQuery {
  districtId: number;
  /** Books and level moves (IN3, IN6). */
  period: Interval;
  /** Active readers (IN2): the last 7 days. */
  lastWeek: Interval;
  /** Today (UTC), for the packs active today (LP2). */
  today: string;
}

export async function schoolFigures(db: Executor, query: OverviewQuery): Promise<SchoolFiguresRow[]> {
  const { districtId, period, lastWeek, today } = query;
  const during = (column: string, { from, until }: Interval) =>
    sql`${sql.raw(column)} >= ${from.toISOString()} and ${sql.raw(column)} < ${until.toISOString()}`;
  /** The parts of a period: its whole days from student_days, each ragged end from the events. */
  const parts = (interval: Interval, ofDays: (days: Days) => SQL, ofEnd: (end: Interval) => SQL) => {
    const { days, ends } = wholeDaysOf(interval);
    return sql.join([...(days ? [ofDays(days)] : []), ...ends.map(ofEnd)], sql` union all `);
  };
  const events = parts(
    lastWeek,
    (days) => sql`select student_id from student_days
      where school_id in (select id from school) and ${onDays(days, sql`day`)} and events > 0`,
    (end) => sql`select student_id from worksheets where ${during('created_at', end)}
      union all select student_id from worksheets where ${during('quiz_submitted_at', end)}
      union all select student_id from reading_activity_logs where ${during('start_time', end)}
      union all select student_id from recordings where ${during('created_at', end)}`,
  );
  // Whole days from each school's kept totals (school_days: the student's school now), an end from the books.
  const books = parts(
    period,
    (days) => sql`select school_id, books as n from school_days
      where school_id in (select id from school) and ${onDays(days, sql`day`)}`,
    (end) => sql`select p.school_id, 1 from worksheets w join passages b on b.id = w.passage_id
      join pupil p on p.user_id = w.student_id
      where b.builder_type_id = ${BuilderType.PowerBuilder} and w.worksheet_completed
        and ${during('w.completed_at', end)}`,
  );
  const { rows } = await db.execute<SchoolFiguresRow>(sql`
    with school as (select id, name from schools where district_id = ${districtId}),
    pupil as (select user_id, school_id from students where school_id in (select id from school)),
    -- LP2's seats: the students less the few disabled ones, not a join of every student with their user.
    enrolled as (
      select school_id, count(*)::int as students,
        (count(*) - count(*) filter (where user_id in (select id from users where is_disabled)))::int as enabled
      from pupil group by school_id
    ),
    -- IN2: started a worksheet, handed in a quiz, logged a reading session or made a recording.
    event as (${events}),
    active as (
      select p.school_id, count(distinct p.user_id)::int as n
      from pupil p where p.user_id in (select student_id from event) group by p.school_id
    ),
    -- IN3's books: completed power builders.
    book as (select x.school_id, sum(x.n)::int as n from (${books}) x(school_id, n) group by x.school_id),
    level as (
      select p.school_id,
        (count(*) filter (where c.rule = 'level_up'))::int as ups,
        (count(*) filter (where c.rule = 'level_down'))::int as downs
      from level_changes c join pupil p on p.user_id = c.student_id
      where c.rule in ('level_up', 'level_down') and ${during('c.created_at', period)}
      group by p.school_id
    ),
    -- FG7, IN3's waiting: read-aloud recordings (not practice) not graded yet, whenever made.
    waiting as (
      select p.school_id, count(*)::int as n
      from ${recordings} join pupil p on p.user_id = ${recordings.studentId}
      where ${awaitingReview}
      group by p.school_id
    ),
    seat as (
      select school_id, sum(seats)::int as n from licence_packs
      where school_id in (select id from school) and starts_on <= ${today} and ${today} <= ends_on
      group by school_id
    )
    select school.id as school_id, school.name,
      coalesce(enrolled.students, 0) as student_count,
      coalesce(active.n, 0) as active_student_count,
      coalesce(book.n, 0) as books_completed,
      coalesce(level.ups, 0) as level_ups,
      coalesce(level.downs, 0) as level_downs,
      coalesce(waiting.n, 0) as recordings_waiting,
      coalesce(enrolled.enabled, 0) as seats_used,
      coalesce(seat.n, 0) as seats_total
    from school
    left join enrolled on enrolled.school_id = school.id
    left join active on active.school_id = school.id
    left join book on book.school_id = school.id
    left join level on level.school_id = school.id
    left join waiting on waiting.school_id = school.id
    left join seat on seat.school_id = school.id
    order by school.name, school.id`);
  return rows;
}
