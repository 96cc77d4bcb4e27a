/**
 * Conditions that say what a report counts, shared by every query that counts the same thing (docs/rules.md P9,
 * P10, M9). `student` is a student's id, or a column holding one (`students.userId`) in a correlated subquery.
 */
import { and, eq, isNotNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { BuilderType, COLOUR_BANDS } from '@readalong/contracts';
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

/*
 * The figures a person compares across screens (docs/rules.md "Figures", FG1–FG7): each is one SQL expression here,
 * for one student (`student`: an id or a column holding one, in a correlated subquery), and every call that answers
 * it reads it from here.
 */

/** Each colour band's lowest Lexile, as SQL rows (`band(id, min_lexile)`): where a level change puts the estimate. */
const bandFloors = sql.raw(
  `(values ${COLOUR_BANDS.filter((band) => band.min_lexile !== null)
    .map((band) => `(${Number(band.id)}, ${Number(band.min_lexile)})`)
    .join(', ')}) as band(id, min_lexile)`,
);

/**
 * FG1, the estimated Lexile now (P9): the lower bound of the band of the student's latest level change into a band
 * with a Lexile range, raised to the hardest book they passed after it (a passed book easier than that lowers
 * nothing); without such a change, the hardest book passed. Null before either. The timeline's last point. The
 * tables inside are aliased, so the expression stands in any query, one over the same tables too.
 */
export const estimatedLexileOf = (student: number | SQLWrapper): SQL => sql`(
  select greatest(fg_move.min_lexile, (
    select max(fg_book.lexile) from worksheets fg_w
    join passages fg_book on fg_book.id = fg_w.passage_id
    where fg_w.student_id = ${student} and fg_book.builder_type_id = ${BuilderType.PowerBuilder}
      and fg_w.quiz_submitted_at is not null and fg_w.is_passed
      and (fg_move.at is null or fg_w.quiz_submitted_at > fg_move.at)))::int
  from (select 1) as fg_one
  left join lateral (
    select fg_lc.created_at as at, band.min_lexile from level_changes fg_lc
    join ${bandFloors} on band.id = fg_lc.to_colour_band_id
    where fg_lc.student_id = ${student}
    order by fg_lc.created_at desc, fg_lc.id desc limit 1
  ) as fg_move on true)`;

/**
 * FG2, the latest WPM or WCPM (P9): the student's newest read-aloud recording (not practice) with a WPM, as
 * `student_speeds` keeps it (migration 0011); its WCPM may be null. Whatever the period.
 */
export const latestSpeedOf = (student: number | SQLWrapper, figure: 'wpm' | 'wcpm'): SQL =>
  sql`(select fg_speed.${sql.raw(figure)}::float8 from student_speeds fg_speed
    where fg_speed.student_id = ${student})`;

/**
 * FG3, last active: the latest of the student's sign-in and any of IN2's events (a worksheet started, a reading
 * session begun, a quiz handed in, a recording made); null before any.
 */
export const lastActiveOf = (student: number | SQLWrapper): SQL => sql`greatest(
  (select fg_u.last_active_at from users fg_u where fg_u.id = ${student}),
  (select max(fg_w.created_at) from worksheets fg_w where fg_w.student_id = ${student}),
  (select max(fg_w.quiz_submitted_at) from worksheets fg_w where fg_w.student_id = ${student}),
  (select max(fg_log.start_time) from reading_activity_logs fg_log where fg_log.student_id = ${student}),
  (select max(fg_r.created_at) from recordings fg_r where fg_r.student_id = ${student}))`;
