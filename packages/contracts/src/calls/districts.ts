/**
 * Module districts: a department head's district settings and overview, calls of our own (docs/rules.md RA13–RA14,
 * IN11). Audio retention: a district setting (default 365 days) after which recordings' audio is deleted
 * automatically. The overview: every school of the district with its headline figures, in one call.
 */
import { z } from 'zod';
import { CalendarDate, Count, DateRange, RecordId, Text } from '../common.js';
import { defineContract } from '../contract.js';

/** How long a district keeps recordings' audio, in days: 365 unless its department head changes it. */
export const AUDIO_RETENTION_DAYS = { default: 365, min: 30, max: 3650 } as const;

export const AudioRetentionDays = z
  .number()
  .int('must be a whole number of days')
  .min(AUDIO_RETENTION_DAYS.min, `must be at least ${AUDIO_RETENTION_DAYS.min} days`)
  .max(AUDIO_RETENTION_DAYS.max, `must be at most ${AUDIO_RETENTION_DAYS.max} days`)
  .describe('days a recording’s audio is kept; then it is deleted, its marks and scores stay');

export const DistrictSettings = z.object({ audio_retention_days: AudioRetentionDays });

const DEPARTMENT_HEAD = ['department_head'] as const;

export const getDistrictSettings = defineContract({
  name: 'getDistrictSettings',
  method: 'GET',
  path: '/v1/districts/settings',
  summary: 'The settings of the department head’s own district (audio retention).',
  access: DEPARTMENT_HEAD,
  response: DistrictSettings,
});

export const updateDistrictSettings = defineContract({
  name: 'updateDistrictSettings',
  method: 'PATCH',
  path: '/v1/districts/settings',
  summary: 'Changes the settings of the department head’s own district; answers them as saved.',
  access: DEPARTMENT_HEAD,
  body: z.strictObject({ audio_retention_days: AudioRetentionDays }),
  response: DistrictSettings,
});

/** Without a `start`, the district overview counts books and level moves over the last 90 days: the term (IN11). */
export const DISTRICT_TERM_DAYS = 90;

/** One school's headline figures (IN11). */
export const DistrictSchoolFigures = z.object({
  school_id: RecordId,
  name: Text,
  student_count: Count,
  active_student_count: Count.describe('students active in the last 7 days (IN2)'),
  books_completed: Count.describe('power builders completed over the period (IN3)'),
  level_ups: Count.describe('level-ups of the school’s students over the period (IN6)'),
  level_downs: Count.describe('level-downs of the school’s students over the period (IN6)'),
  average_level_gain: z
    .number()
    .nullable()
    .describe(
      'bands gained per student over the period: level-ups less level-downs ÷ students; null without students',
    ),
  recordings_waiting: Count.describe('read-aloud recordings not graded yet, whenever made (IN3)'),
  seats_used: Count.describe('enabled students (LP2)'),
  seats_total: Count.describe('seats of the packs active today (LP2)'),
});

export type DistrictSchoolFigures = z.infer<typeof DistrictSchoolFigures>;

export const DistrictOverview = z.object({
  start: CalendarDate.describe('first day of the period, UTC'),
  end: CalendarDate.describe('last day of the period, UTC'),
  schools: z.array(DistrictSchoolFigures).describe('every school of the district, by name'),
});
export type DistrictOverview = z.infer<typeof DistrictOverview>;

export const getDistrictOverview = defineContract({
  name: 'getDistrictOverview',
  method: 'GET',
  path: '/v1/districts/overview',
  summary:
    'Every school of the department head’s district with its students, active readers of the last 7 days, books ' +
    'read and level gain over the period (default the last 90 days), recordings waiting and licence seats.',
  access: DEPARTMENT_HEAD,
  query: z.object({ ...DateRange }),
  response: DistrictOverview,
});
