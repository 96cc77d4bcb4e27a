/** SPEC.md §7 "Authentication and account". Behaviour: PRODUCT.md §7. */
import { z } from 'zod';
import { ANY_ROLE, STAFF, defineContract } from '../contract.js';
import { Ok } from '../common.js';
import { ColourBandId, Role, SeriesId } from '../domain.js';
import { PASSWORD_MIN_LENGTH } from '../constants.js';

const Username = z.string().trim().min(1, 'username is required').max(100).describe('sign-in name');
const NewPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200)
  .describe('the new password');
const Token = z.string().min(1);

export const LOGIN_TYPES = ['username', 'google', 'apple', 'canvas'] as const;

/** The signed-in user as the client keeps it (SPEC.md §3 "User (session)"). */
export const SessionUser = z.object({
  user_id: z.number().int(),
  login_role: Role,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  access_token: z.string().describe('JWT, 15 minutes'),
  refresh_token: z.string().describe('opaque, 30 days, single use'),
  colour_band_id: ColourBandId.nullable().describe('students: current band; null before placement'),
  series_id: SeriesId.nullable(),
  coins: z.number().int(),
  read_aloud_enabled: z.boolean(),
  narration_enabled: z.boolean(),
  placement_test_id: z.number().int().nullable().describe('the placement test to take next, if any'),
  profile_pic_url: z.string().nullable().describe('signed link to the picture'),
  class_id: z.number().int().nullable().describe('students: home class'),
});
export type SessionUser = z.infer<typeof SessionUser>;

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

const TokenPair = z.object({ access_token: z.string(), refresh_token: z.string() });

export const login = defineContract({
  name: 'login',
  method: 'POST',
  path: '/login',
  summary: 'Sign in. Username and password; third-party types answer 501 until configured.',
  access: 'public',
  body: z.strictObject({
    username: Username.optional(),
    password: z.string().min(1, 'password is required').max(200).optional(),
    login_type: z.enum(LOGIN_TYPES).default('username').describe('how the user signs in'),
    google_jwt: Token.optional().describe('Google ID token (login_type google)'),
    canvas_code: Token.optional().describe('Canvas OAuth2 code (login_type canvas)'),
    apple_auth_grant_code: Token.optional().describe('Apple authorization code (login_type apple)'),
  }),
  response: SessionUser,
});

export const logout = defineContract({
  name: 'logout',
  method: 'POST',
  path: '/logout',
  summary: 'Sign out: revokes this session and every refresh token of it.',
  access: ANY_ROLE,
  response: Ok,
});

export const refresh = defineContract({
  name: 'refresh',
  method: 'POST',
  path: '/refresh',
  summary: 'Exchange a refresh token for a new pair. Reusing a spent token revokes the whole session.',
  access: 'public',
  body: z.strictObject({ refresh_token: Token.describe('the refresh token last issued') }),
  response: TokenPair,
});

export const startSession = defineContract({
  name: 'startSession',
  method: 'POST',
  path: '/session/start',
  summary: 'Record the start of a session (once per session).',
  access: ANY_ROLE,
  response: z.object({ session_id: z.string(), started_at: z.string() }),
});

export const lock = defineContract({
  name: 'lock',
  method: 'PUT',
  path: '/lock',
  summary: 'Lock a student account for 15 minutes, or unlock it (staff, within their scope).',
  access: STAFF,
  body: z.strictObject({
    username: Username,
    locked: z.boolean().default(true).describe('false lifts the lock and clears failed sign-ins'),
  }),
  response: z.object({ username: z.string(), locked_until: z.string().nullable() }),
});

export const validate = defineContract({
  name: 'validate',
  method: 'GET',
  path: '/validate',
  summary:
    'Check the session; 401 with "password has been changed" or "account is disabled" where they apply.',
  access: ANY_ROLE,
  response: z.object({
    access_token: z.string().describe('a fresh access token for this session'),
    login_role: Role,
    refresh_token: z.string().nullable().describe('always null: validation never rotates the refresh token'),
  }),
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
      first_name: z.string().trim().min(1, 'first name is required').max(100).optional(),
      last_name: z.string().trim().min(1, 'last name is required').max(100).optional(),
      email: z.email('must be an email address').max(254).nullable().optional(),
      current_password: z.string().max(200).optional(),
      new_password: NewPassword.optional(),
      confirm_new_password: z.string().max(200).optional(),
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
  query: z.object({ email: z.email('must be an email address').describe('the account’s email') }),
  body: z.strictObject({
    branding: z.string().max(100).optional().describe('product name shown in the mail'),
    app_url: z.url('must be a URL').describe('one of the configured application addresses'),
  }),
  response: Ok,
});

export const validateResetLink = defineContract({
  name: 'validateResetLink',
  method: 'GET',
  path: '/password/validate-link',
  summary: 'Check a reset key before the form shows; 404 when it is unknown, used or expired.',
  access: 'public',
  query: z.object({ key: z.string().min(1, 'key is required').max(200) }),
  response: z.object({ valid: z.literal(true), expires_at: z.string() }),
});

export const changePasswordUnsigned = defineContract({
  name: 'changePasswordUnsigned',
  method: 'POST',
  path: '/password/change-unsigned/{key}',
  summary: 'Set a new password with a reset key. The key is spent and every session of the user ends.',
  access: 'public',
  params: z.object({ key: z.string().min(1).max(200) }),
  body: z.strictObject({ new_password: NewPassword, branding: z.string().max(100).optional() }),
  response: Ok,
});

export const CONTACT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const ContactFields = {
  name: z.string().trim().min(1, 'name is required').max(200),
  email: z.email('must be an email address').max(254),
  ailearn_account: z.string().trim().max(200).optional().describe('the account name, if the writer has one'),
  message: z.string().trim().min(1, 'message is required').max(5000),
};

export const contactUsPublic = defineContract({
  name: 'contactUsPublic',
  method: 'POST',
  path: '/v1/user/public/contact-us',
  summary: 'Send a message to support, with an optional screenshot (form data).',
  access: 'public',
  multipart: {
    fields: z.strictObject(ContactFields),
    files: [
      { name: 'file', required: false, description: 'an image (PNG, JPEG, WebP or GIF, at most 5 MB)' },
    ],
  },
  response: Ok,
});

export const contactUs = defineContract({
  name: 'contactUs',
  method: 'POST',
  path: '/v1/user/contact-us',
  summary: 'Send a message to support as the signed-in user (structured data, no image).',
  access: ANY_ROLE,
  body: z.strictObject({
    ...ContactFields,
    name: ContactFields.name.optional(),
    email: ContactFields.email.optional(),
  }),
  response: Ok,
});

export const translate = defineContract({
  name: 'translate',
  method: 'POST',
  path: '/v1/user/translate',
  summary:
    'Translate text through the configured LibreTranslate-compatible service; 503 when none is configured.',
  access: ANY_ROLE,
  body: z.strictObject({
    text: z.string().min(1, 'text is required').max(5000),
    target_lang: z.string().min(2).max(10).describe('language code, e.g. es'),
    source_lang: z.string().min(2).max(10).default('en'),
  }),
  response: z.object({ result: z.string() }),
});
