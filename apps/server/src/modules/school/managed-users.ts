/**
 * One account as owners and department heads manage it (docs/rules.md M10): edited (names, username, a staff
 * member's email), disabled or enabled, its password reset. Only accounts in the caller's scope (else 404), never
 * the caller's own (that is the profile's work).
 */
import type { contracts, ManagedUser } from '@readalong/contracts';
import type { z } from 'zod';
import { inArray, or, type SQL } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import type { Executor } from '../../db/database.js';
import { students, users } from '../../db/schema/index.js';
import type { Actor } from '../../domain/actor.js';
import { AppError, invalidField, notFound } from '../../domain/errors.js';
import { hashPassword } from '../../platform/passwords.js';
import { visibleStaff, visibleStudents } from '../access/scope.js';
import { sendResetLink } from '../account/reset-link-mail.js';
import { writeAudit, type AuthService } from '../auth/auth.service.js';
import { dayOf, requireFreeSeats } from '../licences/licences.service.js';
import { generatePassword } from './accounts.js';
import * as repo from './school.repository.js';

type User = typeof users.$inferSelect;
type Changes = z.output<typeof contracts.updateUser.body>;

/**
 * The accounts owners and department heads manage (M8, M10): the staff they see and the students in their scope.
 * A department head has no school, so an owner never reaches one (A3).
 */
export const manageable = (db: Executor, actor: Actor): SQL =>
  or(
    visibleStaff(actor),
    inArray(users.id, db.select({ id: students.userId }).from(students).where(visibleStudents(db, actor))),
  )!;

const managedView = (user: User): z.infer<typeof ManagedUser> => ({
  id: user.id,
  username: user.username,
  first_name: user.firstName,
  last_name: user.lastName,
  email: user.email,
  login_role: user.role,
  school_id: user.schoolId,
  disabled: user.isDisabled,
});

const isUsernameClash = (error: unknown) =>
  (error as { cause?: { constraint?: string } }).cause?.constraint === 'users_username_unique';

/** Students have no email; staff keep one, where their reset links go (M10). */
function checkEmail(user: User, email: string | null | undefined) {
  if (email === undefined) return;
  if (user.role === 'student' && email !== null) throw invalidField('body.email', 'students have no email');
  if (user.role !== 'student' && email === null)
    throw invalidField('body.email', 'staff need an email (for password reset)');
}

export function createManagedUsers(deps: Pick<Deps, 'db' | 'clock' | 'mail' | 'config'>, auth: AuthService) {
  const { db, clock, mail, config } = deps;

  function refuseOwn(actor: Actor, userId: number, problem: string) {
    if (userId === actor.userId) throw invalidField('params.id', problem);
  }

  async function reachable(tx: Executor, actor: Actor, userId: number) {
    const user = await repo.findReachableUser(tx, userId, manageable(tx, actor));
    if (!user) throw notFound('user');
    return user;
  }

  /** Enabling a student takes a licence seat (LP3), checked in the transaction that enables them. */
  async function checkSeat(tx: Executor, user: User, changes: Changes) {
    const isEnablingStudent = changes.disabled === false && user.isDisabled && user.role === 'student';
    if (isEnablingStudent) await requireFreeSeats(tx, user.schoolId!, 1, 'body.disabled', dayOf(clock.now()));
  }

  async function checkUsername(tx: Executor, user: User, username: string | undefined) {
    if (username !== undefined && (await repo.usernameTakenByOther(tx, username, user.id)))
      throw invalidField('body.username', 'this username is already taken');
  }

  async function applyChanges(tx: Executor, actor: Actor, user: User, changes: Changes) {
    const updated = await repo.updateUser(tx, user.id, {
      ...(changes.first_name !== undefined ? { firstName: changes.first_name } : {}),
      ...(changes.last_name !== undefined ? { lastName: changes.last_name } : {}),
      ...(changes.username !== undefined ? { username: changes.username } : {}),
      ...(changes.email !== undefined ? { email: changes.email } : {}),
      ...(changes.disabled !== undefined ? { isDisabled: changes.disabled } : {}),
    });
    // A disabled account's sessions end at once, not at its tokens' expiry (S4).
    if (updated.isDisabled && !user.isDisabled) await auth.endSessions(tx, user.id, 'disabled');
    await writeAudit(tx, {
      actorId: actor.userId,
      districtId: user.districtId,
      schoolId: user.schoolId,
      action: 'account.update',
      targetType: 'user',
      targetId: String(user.id),
      details: { fields: Object.keys(changes) },
    });
    return updated;
  }

  /** A staff member chooses their new password from a mailed link (S9); all is undone when the mail fails. */
  async function resetStaffPassword(actor: Actor, userId: number) {
    return db.transaction(async (tx) => {
      const user = await reachable(tx, actor, userId);
      if (!user.email) throw invalidField('params.id', 'this account has no email: add one first');
      await auth.resetPasswordOf(tx, user, null, actor.userId);
      const key = await auth.newResetKey(user.id, tx);
      const appUrl = config.appUrls[0]!;
      await sendResetLink(mail, {
        to: { ...user, email: user.email },
        key,
        appUrl,
        reason: 'resetByStaff',
      }).catch(() => {
        throw new AppError(
          'service_unavailable',
          'The mail could not be sent, so nothing changed. Try again.',
        );
      });
      return { initial_password: null, link_sent_to: user.email };
    });
  }

  return {
    /** Edits an account (M10): all checks, then the change, in one transaction with the account's row locked. */
    async updateUser(actor: Actor, userId: number, changes: Changes) {
      refuseOwn(actor, userId, 'you cannot edit your own account here: use your profile');
      try {
        return await db.transaction(async (tx) => {
          const user = await reachable(tx, actor, userId);
          checkEmail(user, changes.email);
          await checkUsername(tx, user, changes.username);
          await checkSeat(tx, user, changes);
          return managedView(await applyChanges(tx, actor, user, changes));
        });
      } catch (error) {
        // Two renames to one name at once: the unique index refuses the second.
        if (isUsernameClash(error)) throw invalidField('body.username', 'this username is already taken');
        throw error;
      }
    },

    /**
     * Resets an account's password (M10): a student's to the one given or a generated one, answered once; a staff
     * member's to none, with a link mailed to choose one. Either way its sessions, lockouts and staff lock end.
     */
    async setUserPassword(actor: Actor, userId: number, password: string | undefined) {
      refuseOwn(actor, userId, 'change your own password from your profile');
      const target = await reachable(db, actor, userId);
      if (target.role !== 'student') {
        if (password !== undefined)
          throw invalidField('body.password', 'staff set their own password from the emailed link');
        return resetStaffPassword(actor, userId);
      }
      const generated = password === undefined ? generatePassword() : null;
      // Hashed before the transaction: Argon2 is slow by design (M7).
      const hash = await hashPassword(password ?? generated!);
      await db.transaction(async (tx) => {
        await auth.resetPasswordOf(tx, await reachable(tx, actor, userId), hash, actor.userId);
      });
      return { initial_password: generated, link_sent_to: null };
    },
  };
}
