/** Schemas more than one module's calls use; not exported from the package (contracts.ts re-exports each module's). */
import { z } from 'zod';
import { Text } from '../common.js';
import { PASSWORD_MIN_LENGTH } from '../constants.js';

export const MAX_BATCH = 500;

export const Name = (what: string) => Text.trim().min(1, `${what} is required`).max(100).describe(what);

export const NewStudent = z.strictObject({
  first_name: Name('first name'),
  last_name: Name('last name'),
  username: Text.trim()
    .toLowerCase()
    .regex(/^[a-z0-9._-]{3,50}$/, 'use 3–50 letters, digits, dots, dashes or underscores')
    .describe('sign-in name, unique across the installation'),
  password: Text.min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(200)
    .optional()
    .describe('initial password; generated when omitted'),
});
