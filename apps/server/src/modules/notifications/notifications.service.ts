/** Each user's own notifications (PRODUCT.md §6): new assignments, graded recordings, licence packs ending. */
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import { notifications } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import type { Actor } from '../../http/route.js';
import * as repo from './notifications.repository.js';

type Row = typeof notifications.$inferSelect;

/** The database spells the licence kind the British way; the contract as SPEC.md's client does. */
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

export type NotificationsService = ReturnType<typeof createNotificationsService>;

export function createNotificationsService({ db }: Deps) {
  return {
    async list(actor: Actor, read: boolean | undefined) {
      const own = repo.ownNotifications(actor.userId);
      const rows = await repo.listNotifications(
        db,
        and(own, read !== undefined ? eq(notifications.read, read) : undefined)!,
      );
      const unread = await repo.countNotifications(db, and(own, eq(notifications.read, false))!);
      return { notifications: rows.map(notificationView), unread_count: unread };
    },

    async markRead(actor: Actor, id: number, read: boolean) {
      const row = await repo.markRead(db, actor.userId, id, read);
      if (!row) throw notFound('notification');
      return notificationView(row);
    },
  };
}
