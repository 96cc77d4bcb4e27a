/** Queries on alerts, always under the caller's scope (access/scope.ts: visibleAlerts) as SQL. */
import { and, count, desc, eq, gte, inArray, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { alerts, enrolments, students, users, worksheets } from '../../db/schema/index.js';
import type { Actor } from '../../domain/actor.js';
import type { Interval } from '../reports/date-range.js';

/** The seen flag of the caller's side: students and staff mark alerts seen apart. */
export const seenColumn = (actor: Actor) => (actor.role === 'student' ? alerts.seenByStudent : alerts.seen);

export interface AlertFilter {
  typeIds?: number[] | undefined;
  classId?: number | undefined;
  studentId?: number | undefined;
  interval: Partial<Interval>;
}

export function filterConditions(db: Executor, filter: AlertFilter): SQL | undefined {
  const { typeIds, classId, studentId, interval } = filter;
  return and(
    typeIds?.length ? inArray(alerts.typeId, typeIds) : undefined,
    studentId !== undefined ? eq(alerts.studentId, studentId) : undefined,
    classId !== undefined
      ? inArray(
          alerts.studentId,
          db.select({ id: enrolments.studentId }).from(enrolments).where(eq(enrolments.classId, classId)),
        )
      : undefined,
    interval.from ? gte(alerts.createdAt, interval.from) : undefined,
    interval.until ? lt(alerts.createdAt, interval.until) : undefined,
  );
}

/** One page of alerts, newest first; one row more than asked tells whether there is another page. */
export function alertPage(db: Executor, where: SQL, seen: AnyColumn, offset: number, limit: number) {
  return db
    .select({
      id: alerts.id,
      typeId: alerts.typeId,
      studentId: alerts.studentId,
      firstName: users.firstName,
      lastName: users.lastName,
      classId: sql<number | null>`coalesce(${worksheets.classId}, ${students.homeClassId})`,
      worksheetId: alerts.worksheetId,
      details: alerts.details,
      createdAt: alerts.createdAt,
      seen: sql<boolean>`${seen}`,
    })
    .from(alerts)
    .innerJoin(students, eq(students.userId, alerts.studentId))
    .innerJoin(users, eq(users.id, alerts.studentId))
    .leftJoin(worksheets, eq(worksheets.id, alerts.worksheetId))
    .where(where)
    .orderBy(desc(alerts.createdAt), desc(alerts.id))
    .offset(offset)
    .limit(limit + 1);
}

export async function countAlerts(db: Executor, where: SQL) {
  const [row] = await db.select({ n: count() }).from(alerts).where(where);
  return row?.n ?? 0;
}

/** Marks seen (on the caller's side) the alerts matching `where` that were not yet; answers how many. */
export async function markSeen(db: Executor, where: SQL, actor: Actor) {
  const column = seenColumn(actor);
  const changes = actor.role === 'student' ? { seenByStudent: true } : { seen: true };
  const rows = await db
    .update(alerts)
    .set(changes)
    .where(and(where, eq(column, false)))
    .returning({ id: alerts.id });
  return rows.length;
}

export const withIds = (ids: number[]) => inArray(alerts.id, ids);
