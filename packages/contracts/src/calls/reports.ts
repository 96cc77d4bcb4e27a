/**
 * Module reports: a student's reading overview and book performance (docs/rules.md P7–P9, P14), and the staff's
 * overview of their students (P13).
 */
import { z } from 'zod';
import {
  Count,
  DateRange,
  IdParams,
  paging,
  Percent,
  PercentQuery,
  RecordId,
  SchoolScope,
  Timestamp,
} from '../common.js';
import { BOOK_PERFORMANCE_DEFAULT_YEARS, STUDENT_OVERVIEW_DEFAULT_DAYS } from '../constants.js';
import { ANY_ROLE, defineContract, STAFF } from '../contract.js';
import { ColourBandId, SeriesId } from '../domain-schemas.js';
import { LEVEL_CHANGE_REASONS } from './insights.js';
import { ReportStudent } from './shared.js';
import { BookResult, GoalProgress, Recording, StudentReadingRow, StudentSummary } from '../entities.js';

/**
 * One point of a student's estimated Lexile over time: a passed power builder puts it at the book's measure; a
 * level change (placement, level up or down) at the lower bound of the band moved to.
 */
export const LexilePoint = z.object({
  at: Timestamp,
  lexile: z.number().int().describe('estimated Lexile at that moment'),
  series_id: SeriesId,
  colour_band_id: ColourBandId,
  source: z.enum(['book_passed', 'level_change']),
  passage_id: RecordId.nullable().describe('book_passed: the book'),
  title: z.string().nullable().describe('book_passed: the book’s title'),
  rule: z
    .enum(LEVEL_CHANGE_REASONS)
    .nullable()
    .default(null)
    .describe('level_change: why the level moved (level up or down, a placement test, by hand, a reset)'),
  reason: z.string().nullable().default(null).describe('level_change by hand: the reason staff gave'),
});

export const getReadingOverview = defineContract({
  name: 'getReadingOverview',
  method: 'GET',
  path: '/v1/students/reading-overview',
  summary: `A student’s goals, books, recordings and Lexile timeline over a date range (default the last ${BOOK_PERFORMANCE_DEFAULT_YEARS} years up to today): the signed-in student’s own, or (staff) the one \`student_id\` names.`,
  access: ANY_ROLE,
  query: z.object({ ...DateRange, ...ReportStudent }),
  response: z.object({
    student: StudentSummary.describe('who the report is about'),
    goals: z.array(GoalProgress),
    books: z.array(BookResult).describe('books whose quiz was submitted in the range, newest first'),
    recordings: z
      .array(Recording)
      .describe('submitted (not practice) recordings in the range, oldest first: WPM over time'),
    lexile_timeline: z.array(LexilePoint).describe('oldest first, within the range'),
    current_lexile: z
      .number()
      .int()
      .nullable()
      .describe('the latest estimate whatever the range; null before the first book or placement'),
    latest_wpm: z
      .number()
      .min(0)
      .nullable()
      .describe('the newest read-aloud recording with a WPM, whatever the range (FG2)'),
    latest_wcpm: z.number().min(0).nullable().describe('that recording’s WCPM (FG2)'),
  }),
});

export const getBookPerformance = defineContract({
  name: 'getBookPerformance',
  method: 'GET',
  path: '/v1/students/{id}/book-performance',
  summary: `A student’s books whose quiz they submitted, with the scores, newest first; default range the last ${BOOK_PERFORMANCE_DEFAULT_YEARS} years up to today.`,
  access: ANY_ROLE,
  params: IdParams,
  query: z.object({
    ...DateRange,
    ...paging(),
    min: PercentQuery.optional().describe('lowest quiz score, percent (inclusive)'),
    max: PercentQuery.optional().describe('highest quiz score, percent (inclusive); not below min'),
  }),
  response: z.object({ books: z.array(BookResult), total: Count }),
});

/**
 * A student of the staff's overview (P13): their reading over the range (books completed, minutes, quiz average),
 * level, latest speed and goals, and what needs the teacher.
 */
export const StudentOverviewRow = StudentReadingRow.extend({
  classes: z
    .array(z.object({ id: RecordId, name: z.string() }))
    .describe('the student’s classes the caller sees, by name'),
  books_this_week: Count.describe('power builders completed since Monday 00:00 UTC'),
  last_quiz: z
    .object({
      title: z.string(),
      score_percent: Percent.nullable(),
      passed: z.boolean().nullable().describe('null while an answer awaits a mark'),
      submitted_at: Timestamp,
    })
    .nullable()
    .describe('the newest submitted power-builder quiz, whatever the range'),
  failed_quizzes: Count.describe('power-builder quizzes failed in the range'),
  recordings_to_review: Count.describe('read-aloud recordings not graded yet'),
  goals: z.array(GoalProgress),
});

export const getStudentReadingOverview = defineContract({
  name: 'getStudentReadingOverview',
  method: 'GET',
  path: '/v1/teacher/student-reading-overview',
  summary: `Every student in scope (a teacher’s: of their classes) with their reading over a date range (default the last ${STUDENT_OVERVIEW_DEFAULT_DAYS} days) and what needs attention, by last then first name.`,
  access: STAFF,
  query: z.object({ ...SchoolScope, ...DateRange }),
  response: z.object({ students: z.array(StudentOverviewRow) }),
});
