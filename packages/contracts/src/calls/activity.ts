/** Module activity: reading activity per day, the student's own or one in scope (docs/rules.md P10). */
import { z } from 'zod';
import { DateRange, IdParams } from '../common.js';
import { defineContract, STAFF, STUDENT } from '../contract.js';
import { ActivityCounts, ActivityDay } from '../entities.js';

const ActivityProfile = z.object({ days: z.array(ActivityDay), totals: ActivityCounts });

export const getActivityProfile = defineContract({
  name: 'getActivityProfile',
  method: 'GET',
  path: '/v1/worksheets/activity-profile',
  summary: 'The signed-in student’s reading activity per day over a date range.',
  access: STUDENT,
  query: z.object({ ...DateRange }),
  response: ActivityProfile,
});

export const getStudentActivityProfile = defineContract({
  name: 'getStudentActivityProfile',
  method: 'GET',
  path: '/v1/worksheets/activity-profile/{id}',
  summary: 'A student’s reading activity per day over a date range (id: the student).',
  access: STAFF,
  params: IdParams,
  query: z.object({ ...DateRange }),
  response: ActivityProfile,
});
