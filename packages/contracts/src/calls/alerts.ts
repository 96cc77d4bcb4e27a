/** Module alerts: a student's own alerts, staff's of their scope, and their seen flags (docs/rules.md P1–P3). */
import { z } from 'zod';
import { AlertTypeIdList, Count, DateRange, Id, paging, RecordId, SchoolScope } from '../common.js';
import { ANY_ROLE, defineContract } from '../contract.js';
import { Alert } from '../entities.js';
import { MAX_BATCH } from './shared.js';

export const getAlerts = defineContract({
  name: 'getAlerts',
  method: 'GET',
  path: '/v1/students/alerts',
  summary: 'Alerts, newest first: a student’s own, or (staff) those of the students in scope.',
  access: ANY_ROLE,
  query: z.object({
    ...SchoolScope,
    types: AlertTypeIdList.optional().describe('only these alert types'),
    class_id: Id.optional().describe('staff: one class'),
    student_id: Id.optional().describe('staff: one student'),
    ...paging(),
    ...DateRange,
  }),
  response: z.object({
    alerts: z.array(Alert),
    page: Count,
    has_more: z.boolean(),
  }),
});

export const markAlertsViewed = defineContract({
  name: 'markAlertsViewed',
  method: 'PATCH',
  path: '/v1/students/alerts',
  summary: 'Mark alerts seen: the listed ones, or every alert the caller can see.',
  access: ANY_ROLE,
  body: z.strictObject({
    alert_ids: z
      .array(RecordId)
      .min(1)
      .max(MAX_BATCH)
      .optional()
      .describe('alerts to mark seen; all of the caller’s when omitted'),
    school_id: RecordId.optional().describe(
      'department heads, with no alert_ids: only the alerts of this school of their district; other roles: ignored',
    ),
  }),
  response: z.object({ updated: Count }),
});
