/**
 * Argon2id's work, run by the password hashing thread (passwords.ts, S1). Synchronous on purpose: the thread is
 * there to do it at a lower priority, and the asynchronous calls would hand it to the process's shared pool.
 */
import { hashSync, verifySync, type Options } from '@node-rs/argon2';

export type HashingTask =
  | { kind: 'hash'; password: string; options: Options }
  | { kind: 'verify'; passwordHash: string; password: string };

export default function run(task: HashingTask): string | boolean {
  if (task.kind === 'hash') return hashSync(task.password, task.options);
  try {
    return verifySync(task.passwordHash, task.password);
  } catch {
    return false; // a malformed hash matches nothing
  }
}
