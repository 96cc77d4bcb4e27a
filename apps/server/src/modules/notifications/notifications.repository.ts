/** Per-user messages (P12): each user reads only their own. */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { notifications } from '../../db/schema/index.js';

export type NewNotification = typeof notifications.$inferInsert;

export async function insertNotifications(db: Executor, rows: NewNotification[]) {
  if (rows.length) await db.insert(notifications).values(rows);
}

export const listNotifications = (db: Executor, where: SQL) =>
  db.select().from(notifications).where(where).orderBy(desc(notifications.createdAt), desc(notifications.id));

/** Marks one notification within `scope` (a condition on notifications); undefined when there is none. */
export async function markRead(db: Executor, scope: SQL, id: number, read: boolean) {
  const [row] = await db
    .update(notifications)
    .set({ read })
    .where(and(eq(notifications.id, id), scope))
    .returning();
  return row;
}

export async function countNotifications(db: Executor, where: SQL) {
  const [row] = await db.select({ n: count() }).from(notifications).where(where);
  return row?.n ?? 0;
}
