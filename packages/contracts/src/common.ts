/** Small schemas that many contracts share. */
import { z } from 'zod';
import { SUBJECT_ID } from './constants.js';
import { AlertTypeId, BuilderTypeId, ColourBandId, SeriesId } from './domain.js';

export const Id = z.coerce.number().int().positive();
export const IdParams = z.object({ id: Id.describe('record id') });
export const Ok = z.object({ success: z.literal(true) }).describe('the action was done');
/** ISO date-time in responses. */
export const Timestamp = z.string().describe('ISO 8601 date-time');
/** Date range filters arrive as ISO dates or date-times. */
export const DateQuery = z.iso.date().or(z.iso.datetime({ offset: true }));
/** Query flags arrive as text. */
export const QueryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');
/** Comma-separated ids in a query string: `1,2,3`. */
export const IdList = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'expected comma-separated ids')
  .transform((value) => value.split(',').map(Number));

/** An id inside a JSON body or a response (JSON numbers are not coerced). */
export const RecordId = z.number().int().positive();
/** Non-negative whole number: counts, page numbers, seconds. */
export const Count = z.number().int().min(0);
/** A percentage 0–100, or null when there is nothing to score yet. */
export const Percent = z.number().min(0).max(100);
/** Calendar date in responses and bodies: YYYY-MM-DD. */
export const CalendarDate = z.iso.date().describe('YYYY-MM-DD');

/** Query fields `start` and `end`: an optional date range, both ends inclusive. */
export const DateRange = {
  start: DateQuery.optional().describe('from this date (inclusive)'),
  end: DateQuery.optional().describe('up to this date (inclusive)'),
};

/** Query field `school_id`: only a department head narrows by it; other roles are held to their own school. */
export const SchoolScope = {
  school_id: Id.optional().describe('department heads: one school of their district; other roles: ignored'),
};

export const MAX_PAGE_SIZE = 100;

/** Query fields `page` (0-based: page 0 replaces a list, later pages append) and `limit`. */
export function paging(defaultLimit = 20) {
  return {
    page: z.coerce.number().int().min(0, 'page starts at 0').default(0).describe('0-based page'),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_PAGE_SIZE, `at most ${MAX_PAGE_SIZE} per page`)
      .default(defaultLimit)
      .describe('rows per page'),
  };
}

/** The enums of domain.ts as they arrive in a query string. */
export const SeriesIdQuery = z.coerce.number().pipe(SeriesId);
export const ColourBandIdQuery = z.coerce.number().pipe(ColourBandId);
export const BuilderTypeIdQuery = z.coerce.number().pipe(BuilderTypeId);
export const AlertTypeIdList = IdList.pipe(z.array(AlertTypeId)).describe(
  'comma-separated alert type ids, 1–20',
);

/** `subject_id`: the product has one subject, 92. */
export const SubjectId = z
  .literal(SUBJECT_ID, { error: `subject_id is always ${SUBJECT_ID}` })
  .default(SUBJECT_ID)
  .describe(`always ${SUBJECT_ID}`);
export const SubjectIdQuery = z.coerce
  .number()
  .pipe(z.literal(SUBJECT_ID, { error: `subject_id is always ${SUBJECT_ID}` }))
  .default(SUBJECT_ID)
  .describe(`always ${SUBJECT_ID}`);
