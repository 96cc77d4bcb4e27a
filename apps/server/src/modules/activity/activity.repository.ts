/** A student's activity counted per calendar day (UTC), from their worksheets and recordings. */
import { and, count, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { passages, recordings, worksheets } from '../../db/schema/index.js';
import type { Interval } from '../reports/date-range.js';
import { completedBookOf } from '../reports/report-conditions.js';

type TimeColumn = Parameters<typeof gte>[0];

const dayOf = (column: TimeColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
const within = (column: TimeColumn, { from, until }: Interval) =>
  and(isNotNull(column), gte(column, from), lt(column, until));

export interface DayCounts {
  day: string;
  minutesReading?: number;
  pagesRead?: number;
  booksCompleted?: number;
  quizzesSubmitted?: number;
  recordingsSubmitted?: number;
}

/**
 * Reading time and pages are kept per worksheet, not per day, so they count on the day the worksheet was
 * started: a book is nearly always read in one sitting.
 */
function readingPerDay(db: Executor, studentId: number, interval: Interval) {
  const day = dayOf(worksheets.createdAt);
  return db
    .select({
      day,
      minutesReading: sql<number>`sum(${worksheets.timeSpentReadingMs})::float / 60000`,
      pagesRead: sql<number>`sum(${worksheets.pagesCompleted})::int`,
    })
    .from(worksheets)
    .where(and(eq(worksheets.studentId, studentId), within(worksheets.createdAt, interval)))
    .groupBy(day);
}

function booksPerDay(db: Executor, studentId: number, interval: Interval) {
  const day = dayOf(worksheets.completedAt);
  return db
    .select({ day, booksCompleted: count() })
    .from(worksheets)
    .innerJoin(passages, eq(passages.id, worksheets.passageId))
    .where(and(completedBookOf(studentId), within(worksheets.completedAt, interval)))
    .groupBy(day);
}

function quizzesPerDay(db: Executor, studentId: number, interval: Interval) {
  const day = dayOf(worksheets.quizSubmittedAt);
  return db
    .select({ day, quizzesSubmitted: count() })
    .from(worksheets)
    .where(and(eq(worksheets.studentId, studentId), within(worksheets.quizSubmittedAt, interval)))
    .groupBy(day);
}

function recordingsPerDay(db: Executor, studentId: number, interval: Interval) {
  const day = dayOf(recordings.createdAt);
  const submitted: SQL = and(eq(recordings.studentId, studentId), eq(recordings.isPractice, false))!;
  return db
    .select({ day, recordingsSubmitted: count() })
    .from(recordings)
    .where(and(submitted, within(recordings.createdAt, interval)))
    .groupBy(day);
}

/** Every kind of count, one list per kind, each row one day that had some. */
export async function countsPerDay(
  db: Executor,
  studentId: number,
  interval: Interval,
): Promise<DayCounts[]> {
  const lists = await Promise.all([
    readingPerDay(db, studentId, interval),
    booksPerDay(db, studentId, interval),
    quizzesPerDay(db, studentId, interval),
    recordingsPerDay(db, studentId, interval),
  ]);
  return lists.flat();
}
