/**
 * Small schemas that many contracts share, and the input rules every call uses (docs/rules.md I1–I4): text, ids,
 * counts and dates are accepted only through the schemas below, so a value PostgreSQL would refuse is a 400 naming
 * the field, never a 500.
 */
import { z } from 'zod';
import { SUBJECT_ID } from './constants.js';
import { AlertTypeId, BuilderTypeId, ColourBandId, SeriesId } from './domain-schemas.js';

/** PostgreSQL's `integer`: the largest id or count a column holds (I2). */
export const MAX_INTEGER = 2_147_483_647;
/** The calendar dates accepted as input (I3): PostgreSQL has no year 0, and no product date is older or later. */
export const DATE_INPUT_RANGE = { min: '1900-01-01', max: '9999-12-31' } as const;

// eslint-disable-next-line no-control-regex -- the NUL character is exactly what I1 refuses
const WITHOUT_NUL = /^[^\u0000]*$/;
export const NUL_MESSAGE = 'must not contain a NUL character';
const MAX_INTEGER_MESSAGE = `must be at most ${MAX_INTEGER}`;
const DATE_RANGE_MESSAGE = `must be between ${DATE_INPUT_RANGE.min} and ${DATE_INPUT_RANGE.max}`;

/** Any input text (I1): PostgreSQL refuses the NUL character in text. Chain `.trim()`, `.min()`, `.max()` on it. */
export const Text = z.string().regex(WITHOUT_NUL, NUL_MESSAGE);
/** An email address as input (I1). */
export const EmailInput = z.email('must be an email address').max(254).regex(WITHOUT_NUL, NUL_MESSAGE);
/** A URL as input (I1): the URL parser would accept a NUL. */
export const UrlInput = z.url('must be a URL').max(2000).regex(WITHOUT_NUL, NUL_MESSAGE);

/** An id in a path or query string (text, coerced), within PostgreSQL's integer (I2). */
export const Id = z.coerce.number().int().positive().max(MAX_INTEGER, MAX_INTEGER_MESSAGE);
export const IdParams = z.object({ id: Id.describe('record id') });
export const Ok = z.object({ success: z.literal(true) }).describe('the action was done');
/** ISO date-time in responses. */
export const Timestamp = z.string().describe('ISO 8601 date-time');

const withinDateRange = (value: string) =>
  value.slice(0, 10) >= DATE_INPUT_RANGE.min && value.slice(0, 10) <= DATE_INPUT_RANGE.max;
/** A calendar date as input, YYYY-MM-DD, within DATE_INPUT_RANGE (I3). */
export const DateInput = z.iso.date().refine(withinDateRange, DATE_RANGE_MESSAGE).describe('YYYY-MM-DD');
/** A date-time as input, ISO 8601 with an offset, its date within DATE_INPUT_RANGE (I3). */
export const DateTimeInput = z.iso
  .datetime({ offset: true })
  .refine(withinDateRange, DATE_RANGE_MESSAGE)
  .describe('ISO 8601 date-time');
/** Date range filters arrive as ISO dates or date-times. */
export const DateQuery = DateInput.or(DateTimeInput);
/** Query flags arrive as text. */
export const QueryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** An id inside a JSON body or a response (JSON numbers are not coerced), within PostgreSQL's integer (I2). */
export const RecordId = z.number().int().positive().max(MAX_INTEGER, MAX_INTEGER_MESSAGE);
/** Comma-separated ids in a query string: `1,2,3`, each within PostgreSQL's integer (I2). */
export const IdList = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'expected comma-separated ids')
  .transform((value) => value.split(',').map(Number))
  .pipe(z.array(RecordId));
/** Non-negative whole number: counts, page numbers, seconds; within PostgreSQL's integer (I2). */
export const Count = z.number().int().min(0).max(MAX_INTEGER, MAX_INTEGER_MESSAGE);
/** A count in a query string or a form field (text, coerced). */
export const CountQuery = z.coerce.number().int().min(0).max(MAX_INTEGER, MAX_INTEGER_MESSAGE);
/** A non-negative amount that may have a fraction (marks, a client's total), within what a column holds (I2). */
export const Amount = z.number().min(0).max(MAX_INTEGER, MAX_INTEGER_MESSAGE);
/**
 * A percentage filter in a query string, 0–100, kept to 2 decimals as scores are (I7): a finer value such as
 * 1e-164 would underflow PostgreSQL's `real` it is compared with.
 */
export const PercentQuery = z.coerce
  .number()
  .min(0)
  .max(100)
  .transform((value) => Math.round(value * 100) / 100);
/** A percentage 0–100, or null when there is nothing to score yet. */
export const Percent = z.number().min(0).max(100);
/** Calendar date in responses: YYYY-MM-DD (input dates use DateInput). */
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
    page: CountQuery.default(0).describe('0-based page'),
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
