/** Queries for accounts, sessions, refresh tokens, sign-in failures, locks and reset keys. */
import { and, count, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import {
  accountLocks,
  auditLog,
  passwordResetKeys,
  refreshTokens,
  sessions,
  signInFailures,
  students,
  users,
} from '../../db/schema/index.js';

type SessionRevokeReason = NonNullable<typeof sessions.$inferSelect.revokedReason>;

export const findUserByUsername = async (db: Executor, username: string) =>
  (
    await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
  )[0];

export const findUserByEmail = async (db: Executor, email: string) =>
  (
    await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1)
  )[0];

/** A student by username, within `scope` (a condition on students). */
export async function findStudentByUsername(db: Executor, username: string, scope: SQL) {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .innerJoin(students, eq(students.userId, users.id))
    .where(and(eq(sql`lower(${users.username})`, username.toLowerCase()), scope));
  return row;
}

export const findUser = async (db: Executor, userId: number) =>
  (await db.select().from(users).where(eq(users.id, userId)))[0];

/** The user and session behind an access token, for the per-request check. */
export async function findSessionOwner(db: Executor, sessionId: string, userId: number) {
  const [row] = await db
    .select({
      role: users.role,
      schoolId: users.schoolId,
      districtId: users.districtId,
      isDisabled: users.isDisabled,
      passwordVersion: users.passwordVersion,
      revokedReason: sessions.revokedReason,
      revokedAt: sessions.revokedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  return row;
}

export async function createSession(
  db: Executor,
  userId: number,
  meta: { userAgent?: string; address: string },
) {
  const [session] = await db
    .insert(sessions)
    .values({ userId, userAgent: meta.userAgent ?? null, address: meta.address })
    .returning({ id: sessions.id });
  return session!.id;
}

export const insertRefreshToken = (db: Executor, sessionId: string, tokenHash: string, expiresAt: Date) =>
  db.insert(refreshTokens).values({ sessionId, tokenHash, expiresAt });

export async function findRefreshToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      usedAt: refreshTokens.usedAt,
      expiresAt: refreshTokens.expiresAt,
      sessionId: sessions.id,
      revokedAt: sessions.revokedAt,
      revokedReason: sessions.revokedReason,
      userId: users.id,
      role: users.role,
      isDisabled: users.isDisabled,
      passwordVersion: users.passwordVersion,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Spends a refresh token; false when another request spent it first. */
export async function spendRefreshToken(db: Executor, id: number, at: Date): Promise<boolean> {
  const spent = await db
    .update(refreshTokens)
    .set({ usedAt: at })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  return spent.length === 1;
}

export const revokeSession = (db: Executor, sessionId: string, reason: SessionRevokeReason, at: Date) =>
  db
    .update(sessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));

export const revokeUserSessions = (db: Executor, userId: number, reason: SessionRevokeReason, at: Date) =>
  db
    .update(sessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));

export const markSessionStarted = (db: Executor, sessionId: string, at: Date) =>
  db
    .update(sessions)
    .set({ startedAt: sql`coalesce(${sessions.startedAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(sessions.id, sessionId))
    .returning({ startedAt: sessions.startedAt });

export const recordSignInFailure = (db: Executor, username: string, address: string, at: Date) =>
  db.insert(signInFailures).values({ username: username.toLowerCase(), address, failedAt: at });

export async function countSignInFailures(db: Executor, username: string, address: string, since: Date) {
  const [row] = await db
    .select({ failures: count(), last: sql<Date | null>`max(${signInFailures.failedAt})` })
    .from(signInFailures)
    .where(
      and(
        eq(signInFailures.username, username.toLowerCase()),
        eq(signInFailures.address, address),
        gt(signInFailures.failedAt, since),
      ),
    );
  return { failures: row?.failures ?? 0, last: row?.last ? new Date(row.last) : null };
}

export const clearSignInFailures = (db: Executor, username: string) =>
  db.delete(signInFailures).where(eq(signInFailures.username, username.toLowerCase()));

export const findAccountLock = async (db: Executor, userId: number) =>
  (await db.select().from(accountLocks).where(eq(accountLocks.userId, userId)))[0];

export const setAccountLock = (db: Executor, userId: number, lockedUntil: Date, lockedBy: number) =>
  db
    .insert(accountLocks)
    .values({ userId, lockedUntil, lockedBy })
    .onConflictDoUpdate({ target: accountLocks.userId, set: { lockedUntil, lockedBy } });

export const removeAccountLock = (db: Executor, userId: number) =>
  db.delete(accountLocks).where(eq(accountLocks.userId, userId));

export async function setPassword(db: Executor, userId: number, passwordHash: string) {
  await db
    .update(users)
    .set({ passwordHash, passwordVersion: sql`${users.passwordVersion} + 1` })
    .where(eq(users.id, userId));
}

export const insertResetKey = (db: Executor, userId: number, keyHash: string, expiresAt: Date) =>
  db.insert(passwordResetKeys).values({ userId, keyHash, expiresAt });

/** A reset key that is neither spent nor expired, locked for update when inside a transaction. */
export async function findLiveResetKey(db: Executor, keyHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(passwordResetKeys)
    .where(
      and(
        eq(passwordResetKeys.keyHash, keyHash),
        isNull(passwordResetKeys.usedAt),
        gt(passwordResetKeys.expiresAt, now),
      ),
    )
    .for('update');
  return row;
}

export const spendResetKey = (db: Executor, id: number, at: Date) =>
  db.update(passwordResetKeys).set({ usedAt: at }).where(eq(passwordResetKeys.id, id));

export const findStudent = async (db: Executor, userId: number) =>
  (await db.select().from(students).where(eq(students.userId, userId)))[0];

export const writeAudit = (db: Executor, entry: typeof auditLog.$inferInsert) =>
  db.insert(auditLog).values(entry);
