/**
 * The shapes of what this browser keeps between visits (lib/session, lib/submitted-passages), checked when read
 * back. They are zod schemas, so this module is loaded with `import()` only when something was stored: a signed-out
 * visit, such as the sign-in screen, loads neither zod nor the contracts (docs/rules.md B1).
 */
import { SessionUser, SubmittedPassage } from '@readalong/contracts';
import { z } from 'zod';

export const StoredSession = z.object({
  user: SessionUser,
  /** ISO time of the sign-in; tells one sign-in session from the next, even for the same user. */
  signed_in_at: z.string(),
  /** POST /session/start succeeded for this sign-in; it is sent once per session, not per page load. */
  is_start_recorded: z.boolean(),
  /** ISO time of the last authenticated request (the session-log action, lib/auth-store). */
  last_activity_at: z.string().nullable(),
});
export type StoredSession = z.infer<typeof StoredSession>;

/** Submitted passages per colour band and series (`${colourBandId}:${seriesId}`). */
export const SubmittedPassagesCache = z.record(z.string(), z.array(SubmittedPassage));
export type SubmittedPassagesCache = z.infer<typeof SubmittedPassagesCache>;
