/**
 * Activity counted per calendar day (UTC), per week or over a whole interval, from worksheets and recordings (P10):
 * one student's, or (insights) a scope's, optionally per class the students are enrolled in. Grouped in SQL. The
 * interval's whole UTC days are read from `student_days` (a row per student and active day, kept with the events by
 * migration 0012's triggers), its ragged ends (IN2's "last 7 days" from now) from the events themselves.
 */
import { and, count, eq, gt, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database.js';
import {
  enrolments,
  passages,
  readingActivityLogs,
  recordings,
  schoolDays,
  studentDays,
  worksheets,
} from '../../db/schema/index.js';
import { startOfDay, type ActiveDays, type Interval } from '../reports/date-range.js';
import { completedBook, type Whose } from '../reports/report-conditions.js';

type TimeColumn = Parameters<typeof gte>[0];

/** What counts are grouped by: their day, their week (from Monday), or nothing (the whole interval, period ''). */
export type Period = 'day' | 'week' | 'all';

export interface CountQuery {
  whose: Whose;
  interval: Interval;
  period: Period;
  /** Per class, of these classes: a student's work counts for each of them they are enrolled in. */
  classIds?: number[] | undefined;
  /**
   * When `whose` is every student of some schools (an owner's, a department head's), those schools: then sums, and a
   * day's active students, are read per school and day, and students' days by the school they carry.
   */
  schools?: Schools | undefined;
}

/** Whole schools, as a condition on a school-id column (`school_days`', `student_days`'). */
export type Schools = (schoolId: AnyPgColumn) => SQL;

export interface PeriodCounts {
  /** YYYY-MM-DD of the day or the week's Monday; '' for the whole interval. */
  period: string;
  classId: number | null;
  minutesReading?: number;
  pagesRead?: number;
  booksCompleted?: number;
  quizzesSubmitted?: number;
  recordingsSubmitted?: number;
  activeStudents?: number;
}

const within = (column: TimeColumn, { from, until }: Interval) =>
  and(isNotNull(column), gte(column, from), lt(column, until));

const DAY_MS = 86_400_000;
const dayOf = (time: Date) => time.toISOString().slice(0, 10);

/** Whole UTC days, `from` up to (not including) `until`, as YYYY-MM-DD. */
export interface Days {
  from: string;
  until: string;
}

/**
 * An interval as the whole UTC days in it, read from `student_days`, and its ragged ends (part of a day), read from
 * the events: exact either way, and a district's 28 days read a row per student and active day.
 */
export function wholeDaysOf({ from, until }: Interval): { days?: Days; ends: Interval[] } {
  const midnight = startOfDay(from);
  const first = midnight.getTime() === from.getTime() ? from : new Date(midnight.getTime() + DAY_MS);
  const last = startOfDay(until);
  if (first >= last) return { ends: [{ from, until }] };
  const ends: Interval[] = [];
  if (from < first) ends.push({ from, until: first });
  if (last < until) ends.push({ from: last, until });
  return { days: { from: dayOf(first), until: dayOf(last) }, ends };
}

/** Condition on a table of days (`student_days` unless another day column is named): the days of `days`. */
export const onDays = (days: Days, day: AnyPgColumn | SQL = studentDays.day) =>
  sql`${day} >= ${days.from} and ${day} < ${days.until}`;

/**
 * The period and class columns of a count over `time` (a timestamp with time zone; or, `isDay`, a UTC date), and
 * what to group by (never a constant: SQL refuses it).
 */
function keysOf(query: CountQuery, time: SQL | TimeColumn, isDay = false) {
  const local = isDay ? sql`${time}::timestamp` : sql`${time} at time zone 'UTC'`;
  const period =
    query.period === 'all'
      ? sql<string>`''`
      : // Written out, not a parameter: GROUP BY must repeat the select's expression exactly.
        sql<string>`to_char(date_trunc('${sql.raw(query.period)}', ${local}), 'YYYY-MM-DD')`;
  const classId = query.classIds ? enrolments.classId : sql<number | null>`null::int`;
  const groupBy = [
    ...(query.period === 'all' ? [] : [period]),
    ...(query.classIds ? [enrolments.classId] : []),
  ];
  return { keys: { period, classId }, groupBy };
}

/** Adds the student's enrolments in the classes asked for, when counts are per class. */
function perClass<Q extends PgSelect>(select: Q, student: Parameters<typeof eq>[0], query: CountQuery): Q {
  if (!query.classIds) return select;
  return select.innerJoin(
    enrolments,
    and(eq(enrolments.studentId, student), inArray(enrolments.classId, query.classIds)),
    // The join adds no selected field (the class id is chosen in keysOf), so the rows keep their type.
  ) as unknown as Q;
}

/**
 * Reading time and pages are kept per worksheet, not per day, so they count when the worksheet was started: a book
 * is nearly always read in one sitting.
 */
function reading(db: Executor, query: CountQuery) {
  const { keys, groupBy } = keysOf(query, worksheets.createdAt);
  const select = db
    .select({
      ...keys,
      minutesReading: sql<number>`coalesce(sum(${worksheets.timeSpentReadingMs}), 0)::float / 60000`,
      pagesRead: sql<number>`coalesce(sum(${worksheets.pagesCompleted}), 0)::int`,
    })
    .from(worksheets)
    .$dynamic();
  return perClass(select, worksheets.studentId, query)
    .where(and(query.whose(worksheets.studentId), within(worksheets.createdAt, query.interval)))
    .groupBy(...groupBy);
}

function books(db: Executor, query: CountQuery) {
  const { keys, groupBy } = keysOf(query, worksheets.completedAt);
  const select = db
    .select({ ...keys, booksCompleted: count() })
    .from(worksheets)
    .innerJoin(passages, eq(passages.id, worksheets.passageId))
    .$dynamic();
  return perClass(select, worksheets.studentId, query)
    .where(
      and(query.whose(worksheets.studentId), completedBook, within(worksheets.completedAt, query.interval)),
    )
    .groupBy(...groupBy);
}

function quizzes(db: Executor, query: CountQuery) {
  const { keys, groupBy } = keysOf(query, worksheets.quizSubmittedAt);
  const select = db
    .select({ ...keys, quizzesSubmitted: count() })
    .from(worksheets)
    .$dynamic();
  return perClass(select, worksheets.studentId, query)
    .where(and(query.whose(worksheets.studentId), within(worksheets.quizSubmittedAt, query.interval)))
    .groupBy(...groupBy);
}

function recorded(db: Executor, query: CountQuery) {
  const { keys, groupBy } = keysOf(query, recordings.createdAt);
  const select = db
    .select({ ...keys, recordingsSubmitted: count() })
    .from(recordings)
    .$dynamic();
  return perClass(select, recordings.studentId, query)
    .where(
      and(
        query.whose(recordings.studentId),
        eq(recordings.isPractice, false),
        within(recordings.createdAt, query.interval),
      ),
    )
    .groupBy(...groupBy);
}

/** P10's counts summed from a table of day counts (`student_days`, `school_days`: the same columns). */
function summedCounts(days: typeof studentDays | typeof schoolDays) {
  const total = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)::int`;
  return {
    minutesReading: sql<number>`coalesce(sum(${days.readingMs}), 0)::float / 60000`,
    pagesRead: total(days.pages),
    booksCompleted: total(days.books),
    quizzesSubmitted: total(days.quizzes),
    recordingsSubmitted: total(days.recordings),
  };
}

/** Condition on `student_days`: the days of the students in scope, by the school they carry when they are whole schools. */
export const studentDaysInScope = ({ whose, schools }: Pick<CountQuery, 'whose' | 'schools'>) =>
  schools ? schools(studentDays.schoolId) : whose(studentDays.studentId);

/**
 * The first and last day with any activity of the students in scope (I6: how far a long range is narrowed), from
 * `school_days` for whole schools, else `student_days`: two ends of an index. A kept day whose events were all
 * deleted since stays as a row of zeros, and is no day with activity.
 */
export async function activeDays(
  db: Executor,
  scope: Pick<CountQuery, 'whose' | 'schools'>,
): Promise<ActiveDays> {
  const table = scope.schools ? schoolDays : studentDays;
  const [row] = await db
    .select({
      first: sql<string | null>`to_char(min(${table.day}), 'YYYY-MM-DD')`,
      last: sql<string | null>`to_char(max(${table.day}), 'YYYY-MM-DD')`,
    })
    .from(table)
    .where(
      scope.schools
        ? and(scope.schools(schoolDays.schoolId), gt(schoolDays.activeStudents, 0))
        : and(scope.whose(studentDays.studentId), gt(studentDays.events, 0)),
    );
  return row ?? { first: null, last: null };
}

/** Every kind of count but active students over whole days, from `student_days` (the same counts, kept). */
function rolledUp(db: Executor, query: CountQuery, days: Days) {
  const { keys, groupBy } = keysOf(query, studentDays.day, true);
  const select = db
    .select({ ...keys, ...summedCounts(studentDays) })
    .from(studentDays)
    .$dynamic();
  return perClass(select, studentDays.studentId, query)
    .where(and(studentDaysInScope(query), onDays(days)))
    .groupBy(...groupBy);
}

/** Every kind of count but active students over whole days of whole schools, from `school_days`. */
function rolledUpBySchool(db: Executor, query: CountQuery, schools: Schools, days: Days) {
  const { keys, groupBy } = keysOf(query, schoolDays.day, true);
  return db
    .select({ ...keys, ...summedCounts(schoolDays) })
    .from(schoolDays)
    .where(and(schools(schoolDays.schoolId), onDays(days, schoolDays.day)))
    .groupBy(...groupBy);
}

/**
 * Every kind of count but active students, each row a period (and class) that had some; a period may come in more
 * than one row (its whole days and a ragged end, or one row per kind): the caller adds them up.
 */
export async function countsPer(db: Executor, query: CountQuery): Promise<PeriodCounts[]> {
  const { days, ends } = wholeDaysOf(query.interval);
  const lists = await Promise.all([
    ...(days
      ? [
          query.schools && !query.classIds
            ? rolledUpBySchool(db, query, query.schools, days)
            : rolledUp(db, query, days),
        ]
      : []),
    ...ends.flatMap((interval) => {
      const end = { ...query, interval };
      return [reading(db, end), books(db, end), quizzes(db, end), recorded(db, end)];
    }),
  ]);
  return lists.flat();
}

/**
 * Active students (IN2): those who started a worksheet, logged a reading session, handed in a quiz or made a
 * recording in the period, each counted once per period (and class): the students of `student_days` with an event
 * on the whole days, and of the events themselves on the ragged ends. One row per period (and class).
 */
export async function activeStudentsPer(db: Executor, query: CountQuery): Promise<PeriodCounts[]> {
  const { days, ends } = wholeDaysOf(query.interval);
  if (days && query.schools && query.period === 'day' && !query.classIds) {
    // A day's active students add up across schools: a row of school_days per school and day. A ragged end is a
    // day of its own, counted from the events.
    const perDay = db
      .select({
        period: sql<string>`to_char(${schoolDays.day}, 'YYYY-MM-DD')`,
        classId: sql<number | null>`null::int`,
        activeStudents: sql<number>`sum(${schoolDays.activeStudents})::int`,
      })
      .from(schoolDays)
      .where(and(query.schools(schoolDays.schoolId), onDays(days, schoolDays.day)))
      .groupBy(schoolDays.day);
    const onEnds = ends.map((end) => distinctActive(db, { ...query, interval: end }, undefined, [end]));
    return (await Promise.all([perDay, ...onEnds])).flat();
  }
  return distinctActive(db, query, days, ends);
}

/**
 * Active students from `student_days` over `days` and from the events over `ends`, each once per period (and class).
 * The ends' events are gathered first and kept for the scope once: a condition on each of the eight scans would
 * build the scope's set eight times (20 ms each for a district); the planner still reaches a class's few students
 * through their own indexes.
 */
function distinctActive(db: Executor, query: CountQuery, days: Days | undefined, ends: Interval[]) {
  type Table = typeof worksheets | typeof readingActivityLogs | typeof recordings;
  const event = (interval: Interval, student: AnyPgColumn, time: AnyPgColumn, table: Table) =>
    sql`select ${student} as student_id, (${time} at time zone 'UTC')::date as day from ${table}
      where ${within(time, interval)}`;
  const endEvents = ends.flatMap((interval) => [
    event(interval, worksheets.studentId, worksheets.createdAt, worksheets),
    event(interval, worksheets.studentId, worksheets.quizSubmittedAt, worksheets),
    event(interval, readingActivityLogs.studentId, readingActivityLogs.startTime, readingActivityLogs),
    event(interval, recordings.studentId, recordings.createdAt, recordings),
  ]);
  const parts = [
    ...(days
      ? [
          sql`select ${studentDays.studentId} as student_id, ${studentDays.day} as day from ${studentDays}
            where ${and(studentDaysInScope(query), onDays(days), gt(studentDays.events, 0))}`,
        ]
      : []),
    ...(endEvents.length > 0
      ? [
          sql`select student_id, day from (${sql.join(endEvents, sql` union all `)}) ends
            where ${query.whose(sql`ends.student_id`)}`,
        ]
      : []),
  ];
  const events = sql`(${sql.join(parts, sql` union all `)}) events`;
  // Named with the subquery's alias: unqualified, the student column would be ambiguous beside enrolments.
  const named = sql.identifier('events');
  const student = sql<number>`${named}.student_id`;
  const { keys } = keysOf(query, sql`${named}.day`, true);
  // The period's first day (null for the whole interval), written as text only once per period below.
  const start =
    query.period === 'all'
      ? sql<string | null>`null::date`
      : sql<string | null>`date_trunc('${sql.raw(query.period)}', ${named}.day::timestamp)::date`;
  // Each student once per period (and class), then counted: a hash of them rather than a sort per period.
  const select = db
    .selectDistinct({
      start: start.as('start'),
      classId: sql<number | null>`${keys.classId}`.as('class_id'),
      studentId: student.as('student_id'),
    })
    .from(events)
    .$dynamic();
  const once = perClass(select, student, query).as('once');
  return db
    .select({
      period: sql<string>`coalesce(to_char(${once.start}, 'YYYY-MM-DD'), '')`,
      classId: once.classId,
      activeStudents: count(),
    })
    .from(once)
    .groupBy(once.start, once.classId);
}
