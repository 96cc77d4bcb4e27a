/** Module notifications: the caller's own messages (docs/rules.md P12). */
import { z } from 'zod';
import { Count, IdParams, QueryBoolean } from '../common.js';
import { ANY_ROLE, defineContract } from '../contract.js';
import { Notification } from '../entities.js';

export const listNotifications = defineContract({
  name: 'listNotifications',
  method: 'GET',
  path: '/v1/notifications',
  summary: 'The caller’s notifications, newest first.',
  access: ANY_ROLE,
  query: z.object({ read: QueryBoolean.optional().describe('only read (true) or unread (false) ones') }),
  response: z.object({ notifications: z.array(Notification), unread_count: Count }),
});

export const markNotificationRead = defineContract({
  name: 'markNotificationRead',
  method: 'PATCH',
  path: '/v1/notifications/{id}',
  summary: 'Mark one of the caller’s notifications read (or unread).',
  access: ANY_ROLE,
  params: IdParams,
  body: z.strictObject({ read: z.boolean().default(true).describe('false marks it unread again') }),
  response: Notification,
});
