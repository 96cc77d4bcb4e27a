/**
 * The shapes of what this browser keeps between visits (lib/session, lib/submitted-passages). The app never loads
 * this module: the build takes a fingerprint of each schema, which is stored with the data and must match when it
 * is read back (lib/stored-data, docs/rules.md B15), so starting needs neither zod nor the contracts. Every export
 * is such a schema.
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
