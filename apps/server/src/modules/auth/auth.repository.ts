/** Queries for accounts, sessions, refresh tokens, sign-in failures, locks and reset keys. */
import { and, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { preparedQuery, type Executor } from '../../db/database.js';
import { preparedShapes } from '../../db/prepared-shapes.js';
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

export type SessionRevokeReason = NonNullable<typeof sessions.$inferSelect.revokedReason>;

/** The account a username names, with the end of a lock staff placed on it (S8), if any: read at every sign-in. */
const signInAccountQuery = preparedQuery((db) =>
  db
    .select({ user: users, staffLockedUntil: accountLocks.lockedUntil })
    .from(users)
    .leftJoin(accountLocks, eq(accountLocks.userId, users.id))
    .where(eq(sql`lower(${users.username})`, sql.placeholder('username')))
    .prepare('find_sign_in_account'),
);

export const findSignInAccount = async (db: Executor, username: string) =>
  (await signInAccountQuery(db).execute({ username: username.toLowerCase() }))[0];

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
const sessionOwnerQuery = preparedQuery((db) =>
  db
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
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), eq(sessions.userId, sql.placeholder('userId'))))
    .prepare('find_session_owner'),
);

export async function findSessionOwner(db: Executor, sessionId: string, userId: number) {
  const [row] = await sessionOwnerQuery(db).execute({ sessionId, userId });
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

export const touchLastActive = (db: Executor, userId: number, at: Date) =>
  db.update(users).set({ lastActiveAt: at }).where(eq(users.id, userId));

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

/** Ends every open session of a user; answers how many ended. */
export async function revokeUserSessions(
  db: Executor,
  userId: number,
  reason: SessionRevokeReason,
  at: Date,
) {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length;
}

export const markSessionStarted = (db: Executor, sessionId: string, at: Date) =>
  db
    .update(sessions)
    .set({ startedAt: sql`coalesce(${sessions.startedAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(sessions.id, sessionId))
    .returning({ startedAt: sessions.startedAt });

/** The address of the per-username counter: attempts from any address (S14). */
export const ANY_ADDRESS = '*';

export interface LockoutRule {
  maxFailures: number;
  windowMinutes: number;
  lockMinutes: number;
}

/**
 * Counts one sign-in attempt for (username, address) and returns its number in the window, with the lock's end. One upsert: parallel
 * attempts each get their own number, and the attempt that reaches `maxFailures` sets the lock (S7, S14). A window
 * ends `windowMinutes` after its first attempt, or when its lock ends.
 */
/** One statement a rule: the rule's figures are part of its SQL, the attempt's are placeholders. */
const signInAttemptQuery = preparedShapes(
  (rule: LockoutRule) =>
    `count_sign_in_attempt_${rule.maxFailures}_${rule.windowMinutes}_${rule.lockMinutes}`,
  (db, rule, name) => {
    const at = sql`${sql.placeholder('now')}::timestamptz`;
    const lockEnd = sql`${at} + ${`${rule.lockMinutes} minutes`}::interval`;
    const { failures, windowStart, lockedUntil } = signInFailures;
    const isOver = sql`(${lockedUntil} is null and ${windowStart} <= ${at} - ${`${rule.windowMinutes} minutes`}::interval)
    or ${lockedUntil} <= ${at}`;
    return db
      .insert(signInFailures)
      .values({
        username: sql.placeholder('username'),
        address: sql.placeholder('address'),
        failures: 1,
        windowStart: at,
        lockedUntil: rule.maxFailures <= 1 ? lockEnd : null,
      })
      .onConflictDoUpdate({
        target: [signInFailures.username, signInFailures.address],
        set: {
          failures: sql`case when ${isOver} then 1 else ${failures} + 1 end`,
          windowStart: sql`case when ${isOver} then ${at} else ${windowStart} end`,
          lockedUntil: sql`case
          when ${isOver} then null
          when ${lockedUntil} is not null then ${lockedUntil}
          when ${failures} + 1 >= ${rule.maxFailures} then ${lockEnd}
        end`,
        },
      })
      .returning({ failures, lockedUntil })
      .prepare(name);
  },
);

/**
 * Counts one sign-in attempt for (username, address) and returns its number in the window, with the lock's end. One upsert: parallel
 * attempts each get their own number, and the attempt that reaches `maxFailures` sets the lock (S7, S14). A window
 * ends `windowMinutes` after its first attempt, or when its lock ends.
 */
export async function countSignInAttempt(
  db: Executor,
  key: { username: string; address: string },
  rule: LockoutRule,
  now: Date,
): Promise<{ failures: number; lockedUntil: Date | null }> {
  const [row] = await signInAttemptQuery(db, rule).execute({
    username: key.username.toLowerCase(),
    address: key.address,
    now: now.toISOString(),
  });
  return row!;
}

/** Forgets a username's counters from every address: a success, a new password or a staff unlock (S8). */
export const clearSignInFailures = (db: Executor, username: string) =>
  db.delete(signInFailures).where(eq(signInFailures.username, username.toLowerCase()));

/** Counters whose window and lock ended before `before`: they count nothing any more. */
export const deleteStaleSignInFailures = (db: Executor, before: Date) =>
  db
    .delete(signInFailures)
    .where(
      and(
        lt(signInFailures.windowStart, before),
        or(isNull(signInFailures.lockedUntil), lt(signInFailures.lockedUntil, before)),
      ),
    );

export const setAccountLock = (db: Executor, userId: number, lockedUntil: Date, lockedBy: number) =>
  db
    .insert(accountLocks)
    .values({ userId, lockedUntil, lockedBy })
    .onConflictDoUpdate({ target: accountLocks.userId, set: { lockedUntil, lockedBy } });

export const removeAccountLock = (db: Executor, userId: number) =>
  db.delete(accountLocks).where(eq(accountLocks.userId, userId));

/** A new password hash, or none (null: no password signs in until a reset link sets one, M10). */
export async function setPassword(db: Executor, userId: number, passwordHash: string | null) {
  await db
    .update(users)
    .set({ passwordHash, passwordVersion: sql`${users.passwordVersion} + 1` })
    .where(eq(users.id, userId));
}

/**
 * The same password hashed again with the current parameters (S1): only the hash changes, not the password version,
 * so no session ends (unlike `setPassword`, S6). Only while the stored hash is still `from`: a password changed in
 * the meantime stays changed. Whether it was written.
 */
export async function replaceOutdatedHash(db: Executor, userId: number, from: string, to: string) {
  const written = await db
    .update(users)
    .set({ passwordHash: to })
    .where(and(eq(users.id, userId), eq(users.passwordHash, from)))
    .returning({ id: users.id });
  return written.length > 0;
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

/** Spends every open reset key of a user: the one used, and any older link still in a mailbox (S9). */
export const spendResetKeys = (db: Executor, userId: number, at: Date) =>
  db
    .update(passwordResetKeys)
    .set({ usedAt: at })
    .where(and(eq(passwordResetKeys.userId, userId), isNull(passwordResetKeys.usedAt)));

const studentQuery = preparedQuery((db) =>
  db
    .select()
    .from(students)
    .where(eq(students.userId, sql.placeholder('userId')))
    .prepare('find_student'),
);

export const findStudent = async (db: Executor, userId: number) =>
  (await studentQuery(db).execute({ userId }))[0];

export const writeAudit = (db: Executor, entry: typeof auditLog.$inferInsert) =>
  db.insert(auditLog).values(entry);
