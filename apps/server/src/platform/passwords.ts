/** Argon2id password hashing (S1), on a thread of its own at a lower priority (S22). */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import Piscina from 'piscina';
import type { HashingTask } from './password-hashing.worker.js';

/**
 * S1: Argon2id (@node-rs/argon2's default algorithm, version 0x13) with 12 MiB of memory, three passes and one lane:
 * one of the five settings the Argon2id table of OWASP's Password Storage Cheat Sheet lists as equal in defence
 * (46 MiB t=1, 19 MiB t=2, 12 MiB t=3, 9 MiB t=4, 7 MiB t=5, all p=1). It costs less CPU than 19 MiB with two passes,
 * used before (a smaller block stays in the cache); hashes made with those are rehashed at sign-in (`needsRehash`).
 */
const OPTIONS = { memoryCost: 12_288, timeCost: 3, parallelism: 1 } as const;

/** The PHC string's head of a hash made now: `$argon2id$v=19$m=12288,t=3,p=1$`, then salt and hash. */
const CURRENT_HEAD = `$argon2id$v=19$m=${OPTIONS.memoryCost},t=${OPTIONS.timeCost},p=${OPTIONS.parallelism}$`;

/**
 * Whether a stored hash was made otherwise than `hashPassword` makes one now (S1), so a sign-in that proves the
 * password should store a new hash: other Argon2 parameters, another version or variant (argon2i, argon2d), or no
 * PHC string at all (harmless: such a hash verifies nothing, so a sign-in never gets as far as asking).
 */
export const needsRehash = (passwordHash: string) => !passwordHash.startsWith(CURRENT_HEAD);

/**
 * S22: one thread a server process, niced 10. A sign-in's 6 ms or so of hashing then takes what the cores have left
 * after the requests of those already signed in, instead of an equal share (the morning bell: a class signing in at
 * once kept the others' pages waiting). Its thread loads the worker module through tsx, as the server's own code is;
 * it starts at the first hash, not when the module loads (a process that never hashes starts none), and stays.
 */
const hashing = new Piscina<HashingTask, string | boolean>({
  filename: new URL('./password-hashing.worker.ts', import.meta.url).href,
  // tsx by its own path, wherever the server was started from.
  execArgv: ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href],
  minThreads: 0,
  idleTimeout: Infinity,
  maxThreads: 1,
  // In the test suite the thread competes with the other test files, not with requests of this server: niced there,
  // a file of fifty sign-ins starved on a loaded machine and timed out.
  niceIncrement: process.env.NODE_ENV === 'test' ? 0 : 10,
});

export const hashPassword = async (password: string) =>
  (await hashing.run({ kind: 'hash', password, options: OPTIONS })) as string;

const verify = async (passwordHash: string, password: string) =>
  (await hashing.run({ kind: 'verify', passwordHash, password })) as boolean;

/** A hash to verify against when the user does not exist, so timing does not reveal whether a username exists. */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await (decoyHash ??= hashPassword('decoy password')), password);
    return false;
  }
  return verify(passwordHash, password);
}
