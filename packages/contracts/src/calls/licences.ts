/**
 * Module licences: a school's licence packs, their seats used and monthly usage (docs/rules.md LP1–LP4). Packs are
 * sold by the vendor and added by an operator command (`npm run licence`), not through the API.
 */
import { z } from 'zod';
import { CalendarDate, Count, RecordId, SchoolScope } from '../common.js';
import { defineContract, STAFF } from '../contract.js';

export const LicensePack = z.object({
  id: RecordId,
  school_id: RecordId,
  name: z.string(),
  seats: Count,
  seats_used: Count,
  start_date: CalendarDate,
  end_date: CalendarDate,
  active: z.boolean().describe('today lies within its start and end dates'),
});

export const getLicensePackUsage = defineContract({
  name: 'getLicensePackUsage',
  method: 'GET',
  path: '/v1/school/license-packs/usage',
  summary: 'Seats of a school’s active licence packs: total, used and free.',
  access: STAFF,
  query: z.object({ ...SchoolScope }),
  response: z.object({
    school_id: RecordId,
    seats_total: Count,
    seats_used: Count,
    seats_free: Count,
    next_end_date: CalendarDate.nullable().describe('when the first active pack ends'),
  }),
});

export const getLicensePacks = defineContract({
  name: 'getLicensePacks',
  method: 'GET',
  path: '/v1/school/license-packs',
  summary: 'A school’s licence packs, newest first.',
  access: STAFF,
  query: z.object({ ...SchoolScope }),
  response: z.object({ license_packs: z.array(LicensePack) }),
});

export const getLicensePackUsageHistory = defineContract({
  name: 'getLicensePackUsageHistory',
  method: 'GET',
  path: '/v1/school/license-packs/usage-history',
  summary: 'A school’s seats month by month, from its first pack to this month.',
  access: STAFF,
  query: z.object({ ...SchoolScope }),
  response: z.object({
    history: z.array(
      z.object({
        month: z
          .string()
          .regex(/^\d{4}-\d{2}$/)
          .describe('YYYY-MM'),
        seats_total: Count,
        seats_used: Count,
      }),
    ),
  }),
});
