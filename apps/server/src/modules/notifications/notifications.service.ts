/** Each user's own notifications (P12): new assignments, graded recordings, licence packs ending. */
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import type { Executor } from '../../db/database.js';
import { notifications } from '../../db/schema/index.js';
import { notFound } from '../../domain/errors.js';
import type { Actor } from '../../domain/actor.js';
import { visibleNotifications } from '../access/scope.js';
import * as repo from './notifications.repository.js';

type Row = typeof notifications.$inferSelect;

/** The database spells the licence kind the British way; the contract as the customer's client does. */
const KIND = {
  assignment: 'assignment',
  recording_graded: 'recording_graded',
  licence_ending: 'license_ending',
} as const;

const notificationView = (row: Row) => ({
  id: row.id,
  kind: KIND[row.kind],
  title: row.title,
  message: row.body,
  link: row.link,
  read: row.read,
  created_at: row.createdAt.toISOString(),
});

/**
 * Sends notifications within the caller's transaction: what other modules call (assignments, recordings) rather
 * than this module's repository.
 */
export const sendNotifications = (tx: Executor, rows: repo.NewNotification[]) =>
  repo.insertNotifications(tx, rows);

export type NotificationsService = ReturnType<typeof createNotificationsService>;

export function createNotificationsService({ db }: Deps) {
  return {
    async list(actor: Actor, read: boolean | undefined) {
      const own = visibleNotifications(actor);
      const rows = await repo.listNotifications(
        db,
        and(own, read !== undefined ? eq(notifications.read, read) : undefined)!,
      );
      const unread = await repo.countNotifications(db, and(own, eq(notifications.read, false))!);
      return { notifications: rows.map(notificationView), unread_count: unread };
    },

    async markRead(actor: Actor, id: number, read: boolean) {
      const row = await repo.markRead(db, visibleNotifications(actor), id, read);
      if (!row) throw notFound('notification');
      return notificationView(row);
    },
  };
}
