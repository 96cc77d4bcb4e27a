/**
 * Set-up from nothing (docs/rules.md O16): a district, its first school and its first department head, who gets a
 * link to choose a password by mail (SMTP, or the outbox folder); everything else is then done in the app.
 * Refuses, writing nothing, when the username or email is taken.
 */
import { PASSWORD_RESET_TTL_MINUTES, EmailInput } from '@readalong/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import { districts, schools, users } from '../db/schema/index.js';
import { createAuthService } from '../modules/auth/auth.service.js';
import { addLicencePack } from '../modules/licences/licences.service.js';

const Input = z.object({
  district: z.string().trim().min(1, 'a district name'),
  school: z.string().trim().min(1, 'a school name'),
  name: z.string().trim().min(1, 'the department head’s first and last name'),
  email: EmailInput,
  username: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9._-]{3,50}$/, '3–50 letters, digits, dots, dashes or underscores'),
});
export type SetUpInput = Omit<z.input<typeof Input>, 'username'> & {
  username?: string | undefined;
  /** A first licence pack: seats until a date (from today unless `from`). */
  licence?: { seats: string; from?: string | undefined; until: string | undefined } | undefined;
};

/** The username a person gets from their email unless one is given: its part before the @. */
const usernameOf = (email: string) =>
  email
    .split('@')[0]!
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '');

export async function setUpDistrict(deps: Deps, input: SetUpInput) {
  const parsed = Input.safeParse({ ...input, username: input.username ?? usernameOf(input.email) });
  if (!parsed.success) {
    throw new Error(
      parsed.error.issues.map((issue) => `--${String(issue.path[0])}: ${issue.message}`).join('\n'),
    );
  }
  const { district, school, name, email, username } = parsed.data;
  const [firstName, ...rest] = name.split(/\s+/);
  const appUrl = deps.config.appUrls[0]!;
  const made = await deps.db.transaction(async (tx) => {
    const taken = await tx
      .select({ username: users.username, email: users.email })
      .from(users)
      .where(sql`lower(${users.username}) = ${username} or lower(${users.email}) = ${email.toLowerCase()}`);
    if (taken.length) {
      throw new Error(
        `an account with username ${username} or email ${email} exists already: nothing was created`,
      );
    }
    const [newDistrict] = await tx.insert(districts).values({ name: district }).returning();
    const [newSchool] = await tx
      .insert(schools)
      .values({ districtId: newDistrict!.id, name: school })
      .returning();
    const [head] = await tx
      .insert(users)
      .values({
        username,
        role: 'department_head',
        firstName: firstName!,
        lastName: rest.join(' '),
        email,
        districtId: newDistrict!.id,
        schoolId: null,
      })
      .returning();
    const pack = input.licence
      ? await addLicencePack(tx, {
          schoolId: newSchool!.id,
          name: 'Licence',
          seats: input.licence.seats,
          startsOn: input.licence.from ?? deps.clock.now().toISOString().slice(0, 10),
          endsOn: input.licence.until,
        })
      : null;
    return { district: newDistrict!, school: newSchool!, head: head!, pack };
  });
  const key = await createAuthService(deps).newResetKey(made.head.id);
  await deps.mail.send({
    to: email,
    subject: 'ReadAlong: your account is ready',
    text: [
      `Hello ${firstName},`,
      '',
      `You are the department head of ${district} on ReadAlong (username: ${username}).`,
      `Choose your password with this link within ${PASSWORD_RESET_TTL_MINUTES} minutes:`,
      '',
      `${appUrl}/reset-password/${key}`,
      '',
      `Later, "Forgot password" on the sign-in page (${appUrl}/login) mails a new link to ${email}.`,
    ].join('\n'),
  });
  return made;
}
