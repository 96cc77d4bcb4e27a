/** Module account: the caller's profile and password, and the reset link (docs/rules.md S6, S9, S12, S16, S17). */
import { z } from 'zod';
import { EmailInput, Ok, Text, UrlInput } from '../common.js';
import { PASSWORD_MIN_LENGTH } from '../constants.js';
import { ANY_ROLE, defineContract } from '../contract.js';
import { Role } from '../domain-schemas.js';

const NewPassword = Text.min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200)
  .describe('the new password');

export const Profile = z.object({
  user_id: z.number().int(),
  username: z.string(),
  login_role: Role,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  profile_pic_url: z.string().nullable(),
  school_id: z.number().int().nullable(),
  district_id: z.number().int().nullable(),
});

export const getProfile = defineContract({
  name: 'getProfile',
  method: 'GET',
  path: '/profile',
  summary: 'The signed-in user’s profile.',
  access: ANY_ROLE,
  response: Profile,
});

export const updateProfile = defineContract({
  name: 'updateProfile',
  method: 'PUT',
  path: '/profile',
  summary:
    'Update name, email or password. A password change needs the current password and ends other sessions.',
  access: ANY_ROLE,
  body: z
    .strictObject({
      first_name: Text.trim().min(1, 'first name is required').max(100).optional(),
      last_name: Text.trim().min(1, 'last name is required').max(100).optional(),
      email: EmailInput.nullable().optional(),
      current_password: Text.max(200).optional(),
      new_password: NewPassword.optional(),
      confirm_new_password: Text.max(200).optional(),
    })
    .refine((body) => body.new_password === body.confirm_new_password, {
      message: 'does not match the new password',
      path: ['confirm_new_password'],
    })
    .refine((body) => body.new_password === undefined || (body.current_password ?? '') !== '', {
      message: 'the current password is required to set a new one',
      path: ['current_password'],
    }),
  response: Profile.extend({
    access_token: z.string().optional().describe('present after a password change: the new session'),
    refresh_token: z.string().optional(),
  }),
});

export const PROFILE_PICTURE_MAX_BYTES = 2 * 1024 * 1024;

export const PROFILE_PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export const updateProfilePicture = defineContract({
  name: 'updateProfilePicture',
  method: 'PUT',
  path: '/profile-pic',
  summary: 'Upload a profile picture (PNG, JPEG, WebP or GIF, at most 2 MB; checked by content).',
  access: ANY_ROLE,
  multipart: {
    fields: z.strictObject({}),
    files: [{ name: 'file', required: true, description: 'the picture' }],
  },
  response: z.object({ profile_pic_url: z.string() }),
});

export const recoverPassword = defineContract({
  name: 'recoverPassword',
  method: 'POST',
  path: '/password/recover',
  summary: 'Mail a single-use reset link. Answers the same whether or not the address is known.',
  access: 'public',
  query: z.object({ email: EmailInput.describe('the account’s email') }),
  body: z.strictObject({
    branding: Text.max(100)
      .optional()
      .describe('accepted and not read: the mail names the product itself (docs/rules.md S24)'),
    app_url: UrlInput.describe('one of the configured application addresses'),
  }),
  response: Ok,
});

export const validateResetLink = defineContract({
  name: 'validateResetLink',
  method: 'GET',
  path: '/password/validate-link',
  summary: 'Check a reset key before the form shows; 404 when it is unknown, used or expired.',
  access: 'public',
  query: z.object({ key: Text.min(1, 'key is required').max(200) }),
  response: z.object({ valid: z.literal(true), expires_at: z.string() }),
});

export const changePasswordUnsigned = defineContract({
  name: 'changePasswordUnsigned',
  method: 'POST',
  path: '/password/change-unsigned/{key}',
  summary: 'Set a new password with a reset key. The key is spent and every session of the user ends.',
  access: 'public',
  params: z.object({ key: Text.min(1).max(200) }),
  body: z.strictObject({
    new_password: NewPassword,
    branding: Text.max(100).optional().describe('accepted and not read (docs/rules.md S24)'),
  }),
  response: Ok,
});
