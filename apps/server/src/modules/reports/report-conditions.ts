/**
 * Conditions that say what a report counts, shared by every query that counts the same thing (docs/rules.md P9,
 * P10, M9). `student` is a student's id, or a column holding one (`students.userId`) in a correlated subquery.
 */
import { and, eq, isNotNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { BuilderType } from '@readalong/contracts';
import { passages, recordings, worksheets } from '../../db/schema/index.js';

/** Whose work a query counts: a condition on a student-id column (or a subquery's), for one student or a set (insights). */
export type Whose = (studentId: AnyPgColumn | SQL) => SQL;
/** One student's work. */
export const theStudent =
  (id: number): Whose =>
  (column) =>
    sql`${column} = ${id}`;
/** The work of the students a subquery of ids names (a scope). */
export const studentsOf =
  (ids: SQLWrapper): Whose =>
  (column) =>
    sql`${column} in ${ids}`;

/** Condition on `recordings`: read-aloud recordings (not practice) with a WPM, what speed is read from (P9). */
export const speedRecording: SQL = and(eq(recordings.isPractice, false), isNotNull(recordings.wpm))!;

/** Condition on `recordings`: the student's read-aloud recordings (not practice) with a WPM, for their speed (P9). */
export const speedRecordingOf = (student: number | SQLWrapper): SQL =>
  and(eq(recordings.studentId, student), speedRecording)!;

/** Condition on `recordings`: read-aloud recordings (not practice) a teacher has not graded yet (P13). */
export const awaitingReview: SQL = and(
  eq(recordings.isPractice, false),
  eq(recordings.gradingCompleted, false),
)!;

/** Condition on `worksheets` joined to their `passages`: completed power builders, books (P10). */
export const completedBook: SQL = and(
  eq(passages.builderTypeId, BuilderType.PowerBuilder),
  eq(worksheets.worksheetCompleted, true),
)!;

/** Condition on `worksheets` joined to their `passages`: the student's completed power builders, their books (P10). */
export const completedBookOf = (student: number | SQLWrapper): SQL =>
  and(eq(worksheets.studentId, student), completedBook)!;

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
