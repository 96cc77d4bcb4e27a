/** Module reports: a student's reading overview and book performance (docs/rules.md P7–P9). */
import { z } from 'zod';
import { Count, DateRange, IdParams, paging, PercentQuery, RecordId, Timestamp } from '../common.js';
import { BOOK_PERFORMANCE_DEFAULT_YEARS } from '../constants.js';
import { ANY_ROLE, defineContract, STUDENT } from '../contract.js';
import { ColourBandId, SeriesId } from '../domain.js';
import { BookResult, GoalProgress, Recording } from '../entities.js';

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
});

export const getReadingOverview = defineContract({
  name: 'getReadingOverview',
  method: 'GET',
  path: '/v1/students/reading-overview',
  summary: `The signed-in student’s goals, books, recordings and Lexile timeline over a date range (default the last ${BOOK_PERFORMANCE_DEFAULT_YEARS} years up to today).`,
  access: STUDENT,
  query: z.object({ ...DateRange }),
  response: z.object({
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
