/** Argon2id password hashing (S1). */
import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 hashes with Argon2id by default; these are OWASP's minimum parameters for it.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

/** A hash to verify against when the user does not exist, so timing does not reveal whether a username exists. */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await (decoyHash ??= hashPassword('decoy password')), password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
