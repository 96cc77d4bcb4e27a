/** Sign-in, sessions, refresh-token rotation, lockout and per-request authentication (S1–S8, S14). */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import {
  PASSWORD_RESET_TTL_MINUTES,
  REFRESH_TOKEN_TTL_DAYS,
  SESSION_ERROR_TEXT,
  SIGN_IN_LOCKOUT,
  SIGN_IN_LOCKOUT_PER_USERNAME,
  type Body,
  type SessionUser,
  type contracts,
} from '@readalong/contracts';
import type { Deps } from '../../deps.js';
import type { Executor } from '../../db/database.js';
import { AppError, invalidField, notFound, tooManyRequests, unauthenticated } from '../../domain/errors.js';
import type { Actor } from '../../domain/actor.js';
import { addDays, addMinutes } from '../../platform/clock.js';
import { loggableError } from '../../http/log-safety.js';
import { hashPassword, needsRehash, verifyPassword } from '../../platform/passwords.js';
import { randomToken, sha256 } from '../../platform/secrets.js';
import { visibleStudents } from '../access/scope.js';
import * as repo from './auth.repository.js';
import type { users } from '../../db/schema/index.js';

type User = typeof users.$inferSelect;

/** What other modules read of accounts, inside their own transaction. */
export { findStudent, findUser, findUserByEmail, writeAudit } from './auth.repository.js';
export interface ClientMeta {
  address: string;
  userAgent?: string;
}

const PROVIDER_NAMES = { google: 'Google', apple: 'Apple', canvas: 'Canvas' } as const;
const WRONG_CREDENTIALS = 'Incorrect username or password.';
const LOCKED = `Too many sign-in attempts. Try again in ${SIGN_IN_LOCKOUT.lockMinutes} minutes.`;
const CURRENT_PASSWORD_LOCKED = `Too many wrong passwords. Try again in ${SIGN_IN_LOCKOUT.lockMinutes} minutes.`;

export function createAuthService(deps: Deps) {
  const { db, clock, tokens, storage } = deps;

  async function issueTokens(
    tx: Executor,
    user: Pick<User, 'id' | 'role' | 'passwordVersion'>,
    sessionId: string,
  ) {
    const refreshToken = randomToken();
    await repo.insertRefreshToken(
      tx,
      sessionId,
      sha256(refreshToken),
      addDays(clock.now(), REFRESH_TOKEN_TTL_DAYS),
    );
    const accessToken = await tokens.issue({
      userId: user.id,
      role: user.role,
      sessionId,
      passwordVersion: user.passwordVersion,
    });
    return { access_token: accessToken, refresh_token: refreshToken };
  }

  /** Opens a new session for `user` and returns its first token pair. */
  async function openSession(tx: Executor, user: User, meta: ClientMeta) {
    const sessionId = await repo.createSession(tx, user.id, meta);
    // P13: a sign-in is activity; the staff's overview counts days without any from here.
    await repo.touchLastActive(tx, user.id, clock.now());
    return issueTokens(tx, user, sessionId);
  }

  async function toSessionUser(
    tx: Executor,
    user: User,
    pair: { access_token: string; refresh_token: string },
  ) {
    const student = user.role === 'student' ? await repo.findStudent(tx, user.id) : undefined;
    return {
      user_id: user.id,
      login_role: user.role,
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      ...pair,
      colour_band_id: student?.colourBandId ?? null,
      series_id: student?.seriesId ?? null,
      coins: student?.coins ?? 0,
      read_aloud_enabled: student?.readAloudEnabled ?? false,
      narration_enabled: student?.narrationEnabled ?? true,
      placement_test_id: student?.placementTestId ?? null,
      profile_pic_url: user.profilePicKey ? storage.signedUrl(user.profilePicKey) : null,
      class_id: student?.homeClassId ?? null,
    } satisfies SessionUser;
  }

  /**
   * A password hash (or none) takes the old one's place: the version rises, so every session and access token of
   * the user ends (S6), open reset links die (S9) and sign-in counters are forgotten (S7, S14). Recorded.
   */
  async function setPasswordHash(
    tx: Executor,
    user: User,
    hash: string | null,
    audit: { actorId: number | null; action: string },
  ) {
    await repo.setPassword(tx, user.id, hash);
    await repo.revokeUserSessions(tx, user.id, 'password_changed', clock.now());
    await repo.spendResetKeys(tx, user.id, clock.now());
    await repo.clearSignInFailures(tx, user.username);
    await repo.writeAudit(tx, {
      ...audit,
      districtId: user.districtId,
      schoolId: user.schoolId,
      targetType: 'user',
      targetId: String(user.id),
    });
  }

  /**
   * S1: a hash made with other parameters than today's is made again from the password a sign-in has just proven,
   * as it would verify more slowly than the decoy of an unknown username. Only the hash is written, no session ends
   * (not S6's change); should it fail, the sign-in goes on and the failure is logged.
   */
  async function rehash(
    user: User,
    storedHash: string,
    password: string,
    log: Pick<FastifyBaseLogger, 'error'>,
  ) {
    try {
      await repo.replaceOutdatedHash(db, user.id, storedHash, await hashPassword(password));
    } catch (error) {
      log.error(
        { error: loggableError(error), userId: user.id },
        'sign-in: the password hash was not renewed',
      );
    }
  }

  /** A lock placed by staff (S8) holds from every address until it ends or is lifted; its end, or null. */
  const staffLockEnd = (lockedUntil: Date | null | undefined): Date | null =>
    lockedUntil && lockedUntil > clock.now() ? lockedUntil : null;

  /**
   * Counts the attempt before the password is checked, so parallel attempts cannot slip past the count (S7): first
   * for this username and address, then for this username from any address (S14). The lock's end once either is
   * over, else null.
   */
  async function lockEndAfterAttempt(username: string, address: string): Promise<Date | null> {
    const now = clock.now();
    const pair = await repo.countSignInAttempt(db, { username, address }, SIGN_IN_LOCKOUT, now);
    if (pair.failures > SIGN_IN_LOCKOUT.maxFailures)
      return pair.lockedUntil ?? addMinutes(now, SIGN_IN_LOCKOUT.lockMinutes);
    const anywhere = await repo.countSignInAttempt(
      db,
      { username, address: repo.ANY_ADDRESS },
      SIGN_IN_LOCKOUT_PER_USERNAME,
      now,
    );
    if (anywhere.failures <= SIGN_IN_LOCKOUT_PER_USERNAME.maxFailures) return null;
    return anywhere.lockedUntil ?? addMinutes(now, SIGN_IN_LOCKOUT_PER_USERNAME.lockMinutes);
  }

  return {
    async login(
      body: Body<typeof contracts.login>,
      meta: ClientMeta,
      log: Pick<FastifyBaseLogger, 'error'>,
    ): Promise<SessionUser> {
      const loginType = body.login_type ?? 'username';
      if (loginType !== 'username') {
        throw new AppError(
          'not_implemented',
          `Sign-in with ${PROVIDER_NAMES[loginType]} is not set up on this server. Use your username and password.`,
        );
      }
      if (!body.username) throw invalidField('body.username', 'username is required');
      if (!body.password) throw invalidField('body.password', 'password is required');

      const account = await repo.findSignInAccount(db, body.username);
      const user = account?.user;
      const lockEnd =
        staffLockEnd(account?.staffLockedUntil) ?? (await lockEndAfterAttempt(body.username, meta.address));
      if (lockEnd) throw tooManyRequests(LOCKED, lockEnd, clock.now());
      const isValid = await verifyPassword(user?.passwordHash ?? null, body.password);
      if (!user || !isValid) {
        // Only a failure leaves counters behind (a success clears them): the stale ones go then, off the hot path.
        await repo.deleteStaleSignInFailures(db, addDays(clock.now(), -1));
        throw unauthenticated(WRONG_CREDENTIALS);
      }
      if (user.isDisabled) throw unauthenticated(SESSION_ERROR_TEXT.accountDisabled);
      if (user.passwordHash && needsRehash(user.passwordHash))
        await rehash(user, user.passwordHash, body.password, log);
      return db.transaction(async (tx) => {
        await repo.clearSignInFailures(tx, user.username);
        return toSessionUser(tx, user, await openSession(tx, user, meta));
      });
    },

    async logout(actor: Actor) {
      await repo.revokeSession(db, actor.sessionId, 'logout', clock.now());
      return { success: true as const };
    },

    /** Signs the caller out on every device, this one included (S21). */
    async logoutEverywhere(actor: Actor) {
      return { sessions_ended: await repo.revokeUserSessions(db, actor.userId, 'logout', clock.now()) };
    },

    /** Ends every open session of a user, in the caller's transaction (M10: a disabled account); how many ended. */
    endSessions: (tx: Executor, userId: number, reason: repo.SessionRevokeReason) =>
      repo.revokeUserSessions(tx, userId, reason, clock.now()),

    /** Rotates a refresh token. A spent token used again revokes its whole session (reuse detection). */
    async refresh(refreshToken: string) {
      const found = await repo.findRefreshToken(db, sha256(refreshToken));
      const now = clock.now();
      if (!found) throw unauthenticated('refresh token is not valid');
      if (found.isDisabled) throw unauthenticated(SESSION_ERROR_TEXT.accountDisabled);
      if (found.revokedReason === 'password_changed')
        throw unauthenticated(SESSION_ERROR_TEXT.passwordChanged);
      if (found.revokedAt) throw unauthenticated('session has ended');
      if (found.expiresAt <= now) throw unauthenticated('refresh token has expired');
      return db.transaction(async (tx) => {
        const isFirstUse = found.usedAt === null && (await repo.spendRefreshToken(tx, found.id, now));
        if (!isFirstUse) {
          await repo.revokeSession(db, found.sessionId, 'refresh_reuse', now);
          throw unauthenticated('refresh token was already used; the session has been ended');
        }
        return issueTokens(
          tx,
          { id: found.userId, role: found.role, passwordVersion: found.passwordVersion },
          found.sessionId,
        );
      });
    },

    async startSession(actor: Actor) {
      const [row] = await repo.markSessionStarted(db, actor.sessionId, clock.now());
      return { session_id: actor.sessionId, started_at: (row?.startedAt ?? clock.now()).toISOString() };
    },

    async validate(actor: Actor) {
      const user = await repo.findUser(db, actor.userId);
      if (!user) throw unauthenticated();
      const accessToken = await tokens.issue({
        userId: user.id,
        role: user.role,
        sessionId: actor.sessionId,
        passwordVersion: user.passwordVersion,
      });
      return { access_token: accessToken, login_role: user.role, refresh_token: null };
    },

    /** Staff lock or unlock a student they can see; anyone else is "not found". */
    async lock(actor: Actor, body: Body<typeof contracts.lock>) {
      const target = await repo.findStudentByUsername(db, body.username, visibleStudents(db, actor));
      if (!target) throw notFound('student');
      const isLocking = body.locked ?? true;
      const until = isLocking ? addMinutes(clock.now(), SIGN_IN_LOCKOUT.lockMinutes) : null;
      await db.transaction(async (tx) => {
        if (until) await repo.setAccountLock(tx, target.id, until, actor.userId);
        else {
          await repo.removeAccountLock(tx, target.id);
          await repo.clearSignInFailures(tx, target.username);
        }
        await repo.writeAudit(tx, {
          actorId: actor.userId,
          districtId: actor.districtId,
          schoolId: actor.schoolId,
          action: isLocking ? 'account.lock' : 'account.unlock',
          targetType: 'user',
          targetId: String(target.id),
        });
      });
      return { username: target.username, locked_until: until?.toISOString() ?? null };
    },

    /** Resolves the bearer token to an actor, checking the session and account on every request. */
    async authenticate(request: FastifyRequest): Promise<Actor> {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
      if (!token) throw unauthenticated('Please sign in.');
      const claims = await tokens.verify(token);
      const owner = await repo.findSessionOwner(db, claims.sessionId, claims.userId);
      if (!owner) throw unauthenticated('session has ended');
      if (owner.isDisabled) throw unauthenticated(SESSION_ERROR_TEXT.accountDisabled);
      if (owner.passwordVersion !== claims.passwordVersion || owner.revokedReason === 'password_changed') {
        throw unauthenticated(SESSION_ERROR_TEXT.passwordChanged);
      }
      if (owner.revokedAt) throw unauthenticated('session has ended');
      return {
        userId: claims.userId,
        role: owner.role,
        schoolId: owner.schoolId,
        districtId: owner.districtId,
        sessionId: claims.sessionId,
      };
    },

    /**
     * S23: whether `password` is the signed-in user's current one, checked under sign-in's counters (S7, S14): the
     * attempt is counted before the check, for this username and address and for the username from anywhere, so a
     * held session guesses no faster than a sign-in; over the limit a 429 with Retry-After (S20) and no check. A
     * right password clears the counters, as a sign-in does. No session ends either way.
     */
    async isCurrentPassword(user: User, password: string, address: string): Promise<boolean> {
      const lockEnd = await lockEndAfterAttempt(user.username, address);
      if (lockEnd) throw tooManyRequests(CURRENT_PASSWORD_LOCKED, lockEnd, clock.now());
      if (!(await verifyPassword(user.passwordHash, password))) {
        await repo.deleteStaleSignInFailures(db, addDays(clock.now(), -1));
        return false;
      }
      await repo.clearSignInFailures(db, user.username);
      return true;
    },

    openSession,
    toSessionUser,

    /** Sets a password, ends every session of the user and records it. */
    async replacePassword(tx: Executor, user: User, password: string, actorId: number | null) {
      await setPasswordHash(tx, user, await hashPassword(password), {
        actorId,
        action: actorId ? 'password.change' : 'password.reset',
      });
    },

    /**
     * Staff reset another's password (M10): `hash` (null for staff, who choose one from a mailed link) replaces
     * it as a change does (S6), and a staff lock (S8) is lifted with the sign-in counters.
     */
    async resetPasswordOf(tx: Executor, user: User, hash: string | null, actorId: number) {
      await setPasswordHash(tx, user, hash, { actorId, action: 'password.reset_by_staff' });
      await repo.removeAccountLock(tx, user.id);
    },

    /** A new single-use reset key of the user (S9): the key goes in the link, only its hash is kept. */
    async newResetKey(userId: number, executor: Executor = db) {
      const key = randomToken();
      await repo.insertResetKey(
        executor,
        userId,
        sha256(key),
        addMinutes(clock.now(), PASSWORD_RESET_TTL_MINUTES),
      );
      return key;
    },

    /** The reset key of a link when neither spent nor expired, locked for update inside a transaction. */
    liveResetKey: (db: Executor, key: string) => repo.findLiveResetKey(db, sha256(key), clock.now()),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
