/** Profile, profile picture and password reset (S6, S9, S16, S17, S23, S24). */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES, contracts, type Body } from '@readalong/contracts';
import type { Deps } from '../../deps.js';
import type { Executor } from '../../db/database.js';
import { users } from '../../db/schema/index.js';
import { AppError, invalidField, notFound, unauthenticated } from '../../domain/errors.js';
import { readMultipart } from '../../http/multipart.js';
import type { Actor } from '../../domain/actor.js';
import { findUser, findUserByEmail, type AuthService, type ClientMeta } from '../auth/auth.service.js';
import { sendResetLink } from './reset-link-mail.js';

type User = typeof users.$inferSelect;
const DEAD_LINK = 'This reset link has expired or was already used. Ask for a new one.';

export function createAccountService(deps: Deps, auth: AuthService) {
  const { db, storage, mail, config } = deps;

  const profileOf = (user: User) => ({
    user_id: user.id,
    username: user.username,
    login_role: user.role,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    profile_pic_url: user.profilePicKey ? storage.signedUrl(user.profilePicKey) : null,
    school_id: user.schoolId,
    district_id: user.districtId,
  });

  async function currentUser(db: Executor, actor: Actor): Promise<User> {
    const user = await findUser(db, actor.userId);
    if (!user) throw unauthenticated();
    return user;
  }

  /** Mails a single-use reset link when the address belongs to an account that may sign in (S9). */
  async function mailResetLink(email: string, appUrl: string) {
    const user = await findUserByEmail(db, email);
    if (!user || user.isDisabled) return;
    const key = await auth.newResetKey(user.id);
    await sendResetLink(mail, { to: { ...user, email: user.email! }, key, appUrl, reason: 'asked' });
  }

  return {
    async getProfile(actor: Actor) {
      return profileOf(await currentUser(db, actor));
    },

    async updateProfile(actor: Actor, body: Body<typeof contracts.updateProfile>, meta: ClientMeta) {
      const user = await currentUser(db, actor);
      if (body.email === null && user.role !== 'student') {
        throw invalidField('body.email', 'staff need an email address for password resets');
      }
      // Reset links go to a staff email: changing it takes the password, as changing the password does (S17).
      const changesStaffEmail =
        user.role !== 'student' &&
        body.email !== undefined &&
        body.email?.toLowerCase() !== user.email?.toLowerCase();
      if (body.new_password !== undefined || changesStaffEmail) {
        if (!body.current_password) {
          throw invalidField(
            'body.current_password',
            'type your current password to change your email or password',
          );
        }
        // S23: limited as sign-in is, per account and address and per account.
        if (!(await auth.isCurrentPassword(user, body.current_password, meta.address))) {
          throw invalidField('body.current_password', 'the current password is not correct');
        }
      }
      const changes = {
        ...(body.first_name !== undefined ? { firstName: body.first_name } : {}),
        ...(body.last_name !== undefined ? { lastName: body.last_name } : {}),
        ...(body.email !== undefined ? { email: body.email } : {}),
      };
      return db.transaction(async (tx) => {
        if (Object.keys(changes).length > 0) await tx.update(users).set(changes).where(eq(users.id, user.id));
        if (body.new_password !== undefined)
          await auth.replacePassword(tx, user, body.new_password, actor.userId);
        const updated = await currentUser(tx, actor);
        if (body.new_password === undefined) return profileOf(updated);
        return { ...profileOf(updated), ...(await auth.openSession(tx, updated, meta)) };
      });
    },

    async updateProfilePicture(actor: Actor, request: FastifyRequest) {
      const user = await currentUser(db, actor);
      const { files } = await readMultipart(
        request,
        contracts.updateProfilePicture.multipart,
        storage,
        () => ({
          folder: `profile-pics/${user.id}`,
          maxBytes: PROFILE_PICTURE_MAX_BYTES,
          acceptedTypes: PROFILE_PICTURE_TYPES,
        }),
      );
      const picture = files.file!;
      await db.update(users).set({ profilePicKey: picture.key }).where(eq(users.id, user.id));
      if (user.profilePicKey) await storage.remove(user.profilePicKey);
      return { profile_pic_url: storage.signedUrl(picture.key) };
    },

    /**
     * Answers at once and looks the address up afterwards, so a known and an unknown address take the same time
     * and a failing mail server answers nothing either (S16). Only the error's code reaches the log (S19).
     */
    async recoverPassword(
      email: string,
      body: Body<typeof contracts.recoverPassword>,
      log: FastifyBaseLogger,
    ) {
      const appUrl = body.app_url.replace(/\/+$/, '');
      if (!config.appUrls.includes(appUrl)) {
        throw invalidField('body.app_url', 'is not an address of this application');
      }
      // S24: `branding` is accepted and not read: the mail's words are the product's own.
      mailResetLink(email, appUrl).catch((error: { code?: unknown; name?: unknown }) =>
        log.error({ code: error.code ?? error.name }, 'the password reset mail was not sent'),
      );
      return { success: true as const };
    },

    async validateResetLink(key: string) {
      const found = await auth.liveResetKey(db, key);
      if (!found) throw new AppError('not_found', DEAD_LINK);
      return { valid: true as const, expires_at: found.expiresAt.toISOString() };
    },

    async changePasswordUnsigned(key: string, newPassword: string) {
      await db.transaction(async (tx) => {
        const found = await auth.liveResetKey(tx, key);
        if (!found) throw new AppError('not_found', DEAD_LINK);
        const user = await findUser(tx, found.userId);
        if (!user) throw notFound('account');
        await auth.replacePassword(tx, user, newPassword, null);
      });
      return { success: true as const };
    },
  };
}
