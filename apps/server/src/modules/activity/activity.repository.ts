/**
 * Activity counted per calendar day (UTC), per week or over a whole interval, from worksheets and recordings (P10):
 * one student's, or (insights) a scope's, optionally per class the students are enrolled in. Grouped in SQL.
 */
import { and, count, countDistinct, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { unionAll, type AnyPgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database.js';
import { enrolments, passages, readingActivityLogs, recordings, worksheets } from '../../db/schema/index.js';
import type { Interval } from '../reports/date-range.js';
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
}

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

/** The period and class columns of a count over `time`, and what to group by (never a constant: SQL refuses it). */
function keysOf(query: CountQuery, time: TimeColumn) {
  const period =
    query.period === 'all'
      ? sql<string>`''`
      : // Written out, not a parameter: GROUP BY must repeat the select's expression exactly.
        sql<string>`to_char(date_trunc('${sql.raw(query.period)}', ${time} at time zone 'UTC'), 'YYYY-MM-DD')`;
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

/** Every kind of count but active students, one list per kind, each row a period (and class) that had some. */
export async function countsPer(db: Executor, query: CountQuery): Promise<PeriodCounts[]> {
  const lists = await Promise.all([
    reading(db, query),
    books(db, query),
    quizzes(db, query),
    recorded(db, query),
  ]);
  return lists.flat();
}

/**
 * Active students (IN2): those who started a worksheet, logged a reading session, handed in a quiz or made a
 * recording in the period, each counted once per period (and class).
 */
export function activeStudentsPer(db: Executor, query: CountQuery) {
  const event = (
    student: AnyPgColumn,
    time: AnyPgColumn,
    table: typeof worksheets | typeof readingActivityLogs | typeof recordings,
  ) =>
    db
      .select({ studentId: sql<number>`${student}`.as('student_id'), at: sql<Date>`${time}`.as('at') })
      .from(table)
      .where(and(query.whose(student), within(time, query.interval)));
  const events = unionAll(
    event(worksheets.studentId, worksheets.createdAt, worksheets),
    event(worksheets.studentId, worksheets.quizSubmittedAt, worksheets),
    event(readingActivityLogs.studentId, readingActivityLogs.startTime, readingActivityLogs),
    event(recordings.studentId, recordings.createdAt, recordings),
  ).as('events');
  // Named with the subquery's alias: unqualified, the student column would be ambiguous beside enrolments.
  const named = sql.identifier('events');
  const student = sql<number>`${named}.student_id`;
  const { keys, groupBy } = keysOf(query, sql`${named}.at`);
  const select = db
    .select({ ...keys, activeStudents: countDistinct(student) })
    .from(events)
    .$dynamic();
  return perClass(select, student, query).groupBy(...groupBy);
}
