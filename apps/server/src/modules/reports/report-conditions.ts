/**
 * Conditions that say what a report counts, shared by every query that counts the same thing (docs/rules.md P9,
 * P10, M9). `student` is a student's id, or a column holding one (`students.userId`) in a correlated subquery.
 */
import { and, eq, isNotNull, type SQL, type SQLWrapper } from 'drizzle-orm';
import { BuilderType } from '@readalong/contracts';
import { passages, recordings, worksheets } from '../../db/schema/index.js';

/** Condition on `recordings`: the student's read-aloud recordings (not practice) with a WPM, for their speed (P9). */
export const speedRecordingOf = (student: number | SQLWrapper): SQL =>
  and(eq(recordings.studentId, student), eq(recordings.isPractice, false), isNotNull(recordings.wpm))!;

/** Condition on `worksheets` joined to their `passages`: the student's completed power builders, their books (P10). */
export const completedBookOf = (student: number | SQLWrapper): SQL =>
  and(
    eq(worksheets.studentId, student),
    eq(passages.builderTypeId, BuilderType.PowerBuilder),
    eq(worksheets.worksheetCompleted, true),
  )!;

/** Condition on `worksheets` joined to their `passages`: power builders whose quiz was handed in (P9's quizzes). */
export const submittedQuiz: SQL = and(
  eq(passages.builderTypeId, BuilderType.PowerBuilder),
  isNotNull(worksheets.quizSubmittedAt),
)!;

/** Condition on `worksheets` joined to their `passages`: passed power builders, the Lexile timeline's books (P9). */
export const passedBook: SQL = and(submittedQuiz, eq(worksheets.isPassed, true))!;

/** What a passed book tells of the student's Lexile (P9): when, which passage, its Lexile and band. */
export const bookPoint = {
  at: worksheets.quizSubmittedAt,
  passageId: passages.id,
  title: passages.title,
  lexile: passages.lexile,
  seriesId: passages.seriesId,
  colourBandId: passages.colourBandId,
};
