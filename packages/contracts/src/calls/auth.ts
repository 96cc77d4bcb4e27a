/** Module auth: sign-in, sessions and locks (docs/rules.md S1–S5, S7, S8, S10, S11, S14, S20). */
import { z } from 'zod';
import { Ok, Text } from '../common.js';
import { ANY_ROLE, defineContract, STAFF } from '../contract.js';
import { ColourBandId, Role, SeriesId } from '../domain-schemas.js';

const Username = Text.trim().min(1, 'username is required').max(100).describe('sign-in name');

const Token = Text.min(1).max(5000);

export const LOGIN_TYPES = ['username', 'google', 'apple', 'canvas'] as const;

/** The signed-in user as the client keeps it (the session's user). */
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

const TokenPair = z.object({ access_token: z.string(), refresh_token: z.string() });

export const login = defineContract({
  name: 'login',
  method: 'POST',
  path: '/login',
  summary: 'Sign in. Username and password; third-party types answer 501 until configured.',
  access: 'public',
  body: z.strictObject({
    username: Username.optional(),
    password: Text.min(1, 'password is required').max(200).optional(),
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

export const logoutEverywhere = defineContract({
  name: 'logoutEverywhere',
  method: 'POST',
  path: '/logout/everywhere',
  summary:
    'Sign out on every device (our own call, S21): revokes all of the caller’s sessions, this one included.',
  access: ANY_ROLE,
  response: z.object({ sessions_ended: z.number().int().min(0) }),
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
