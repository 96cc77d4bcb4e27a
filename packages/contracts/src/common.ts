/** Small schemas that many contracts share. */
import { z } from 'zod';

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
