/**
 * Module districts: a department head's district settings, calls of our own (docs/rules.md RA13–RA14). Audio
 * retention: a district setting (default 365 days) after which recordings' audio is deleted automatically.
 */
import { z } from 'zod';
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
