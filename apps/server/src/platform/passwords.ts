/** Argon2id password hashing (S1), on a thread of its own at a lower priority (S22). */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import Piscina from 'piscina';
import type { HashingTask } from './password-hashing.worker.js';

// @node-rs/argon2 hashes with Argon2id by default; these are OWASP's minimum parameters for it.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * S22: one thread a server process, niced 10. A sign-in's 8 ms or so of hashing then takes what the cores have left
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
  niceIncrement: 10,
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
