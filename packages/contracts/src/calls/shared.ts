/** Schemas more than one module's calls use; not exported from the package (contracts.ts re-exports each module's). */
import { z } from 'zod';
import { Id, Text } from '../common.js';
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

/**
 * The student a report is about (P14): staff name one in their scope; a student may leave it out or name
 * themselves. Shared by the reports that began as the signed-in student's own.
 */
export const ReportStudent = {
  student_id: Id.optional().describe(
    'staff: the student (required, in scope); a student: left out or their own id',
  ),
};
