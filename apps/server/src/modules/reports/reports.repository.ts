/**
 * What a student's reports read: books whose quiz they submitted, their read-aloud recordings, the moves of their
 * level and their goal. Every query is for one student already checked to be in the caller's scope.
 */
import { and, asc, count, desc, eq, gte, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { levelChanges, passages, recordings, students, worksheets } from '../../db/schema/index.js';
import type { Interval } from './date-range.js';
import { bookPoint, latestSpeedOf, passedBook, submittedQuiz } from './report-conditions.js';

const within = (column: Parameters<typeof gte>[0], interval: Interval | undefined) =>
  interval ? and(gte(column, interval.from), lt(column, interval.until)) : undefined;

/** The worksheet's latest read-aloud recording (not practice), for its speed. */
const latestRecording = (column: SQL) => sql`(select ${column} from ${recordings}
  where ${recordings.worksheetId} = ${worksheets.id} and ${recordings.isPractice} = false
  order by ${recordings.createdAt} desc, ${recordings.id} desc limit 1)`;

/** Power builders whose quiz the student submitted, in the interval, with a score filter. */
function bookConditions(studentId: number, interval: Interval, score: { min?: number; max?: number }) {
  return and(
    eq(worksheets.studentId, studentId),
    submittedQuiz,
    within(worksheets.quizSubmittedAt, interval),
    score.min !== undefined ? gte(worksheets.scorePercent, score.min) : undefined,
    score.max !== undefined ? lte(worksheets.scorePercent, score.max) : undefined,
  );
}

export interface BookQuery {
  interval: Interval;
  score?: { min?: number; max?: number };
  page?: { offset: number; limit: number };
}

/** The student's books, newest submission first, and how many there are in all. */
export async function bookResults(db: Executor, studentId: number, query: BookQuery) {
  const where = bookConditions(studentId, query.interval, query.score ?? {});
  const rows = db
    .select({
      passageId: passages.id,
      worksheetId: worksheets.id,
      title: passages.title,
      seriesId: passages.seriesId,
      colourBandId: passages.colourBandId,
      lexile: passages.lexile,
      completedAt: worksheets.completedAt,
      scorePercent: worksheets.scorePercent,
      wpm: sql<number | null>`${latestRecording(sql`${recordings.wpm}`)}`,
      wcpm: sql<number | null>`${latestRecording(sql`${recordings.wcpm}`)}`,
      accuracy: sql<number | null>`${latestRecording(sql`${recordings.accuracy}`)}`,
    })
    .from(worksheets)
    .innerJoin(passages, eq(passages.id, worksheets.passageId))
    .where(where)
    .orderBy(desc(worksheets.quizSubmittedAt), desc(worksheets.id));
  const books = await (query.page ? rows.offset(query.page.offset).limit(query.page.limit) : rows);
  const [total] = await db
    .select({ n: count() })
    .from(worksheets)
    .innerJoin(passages, eq(passages.id, worksheets.passageId))
    .where(where);
  return { books, total: total?.n ?? 0 };
}
export type BookRow = Awaited<ReturnType<typeof bookResults>>['books'][number];

/** Passed power builders, oldest first: each is a point of the Lexile timeline (FG1). */
export function passedBooks(db: Executor, studentId: number) {
  return db
    .select(bookPoint)
    .from(worksheets)
    .innerJoin(passages, eq(passages.id, worksheets.passageId))
    .where(and(eq(worksheets.studentId, studentId), passedBook))
    .orderBy(asc(worksheets.quizSubmittedAt));
}

/** Level changes into a band, with why (R12), oldest first: each is a point of the Lexile timeline (FG1). */
export function levelMoves(db: Executor, studentId: number) {
  return (
    db
      .select({
        at: levelChanges.createdAt,
        seriesId: levelChanges.toSeriesId,
        colourBandId: levelChanges.toColourBandId,
        rule: levelChanges.rule,
        reason: sql<string | null>`${levelChanges.details}->>'reason'`,
      })
      .from(levelChanges)
      .where(and(eq(levelChanges.studentId, studentId), isNotNull(levelChanges.toColourBandId)))
      // Changes in one transaction share its time: the later row is the later change, either way round.
      .orderBy(asc(levelChanges.createdAt), asc(levelChanges.id))
  );
}

/** The student's latest WPM and WCPM (FG2). */
export async function latestSpeed(db: Executor, studentId: number) {
  const [row] = await db
    .select({
      wpm: sql<number | null>`${latestSpeedOf(studentId, 'wpm')}`,
      wcpm: sql<number | null>`${latestSpeedOf(studentId, 'wcpm')}`,
    })
    .from(students)
    .where(eq(students.userId, studentId));
  return row;
}
