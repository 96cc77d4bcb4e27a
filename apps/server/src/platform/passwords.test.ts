/** S1: which stored hashes a successful sign-in makes again with the current Argon2id parameters. */
import { describe, expect, it } from 'vitest';
import { hashSync } from '@node-rs/argon2';
import { hashPassword, needsRehash, verifyPassword } from './passwords.js';

/** The parameters used before 12 MiB with three passes (OWASP's 19 MiB, two passes). */
const OLD = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

describe('needsRehash', () => {
  it('is false for a hash made now, which carries m=12288, t=3, p=1', async () => {
    const hash = await hashPassword('a password');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=12288,t=3,p=1\$[^$]+\$[^$]+$/);
    expect(needsRehash(hash)).toBe(false);
  });

  it('is true for a hash made with the old parameters, which still verifies', async () => {
    const old = hashSync('a password', OLD);
    expect(old).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(needsRehash(old)).toBe(true);
    expect(await verifyPassword(old, 'a password')).toBe(true);
  });

  it('is true for any other parameter, version or variant: only the current ones pass', () => {
    const salted = '$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g';
    for (const head of [
      '$argon2id$v=19$m=12288,t=3,p=2',
      '$argon2id$v=19$m=12288,t=2,p=1',
      '$argon2id$v=19$m=122880,t=3,p=1',
      '$argon2id$v=19$m=1228,t=3,p=1',
      '$argon2id$v=19$m=12288,t=30,p=1',
      '$argon2id$v=16$m=12288,t=3,p=1',
      '$argon2i$v=19$m=12288,t=3,p=1',
      '$argon2d$v=19$m=12288,t=3,p=1',
      '$argon2id$v=19$m=12288,t=3,p=1,keyid=abc',
    ])
      expect(needsRehash(head + salted), head).toBe(true);
    expect(needsRehash('$argon2id$v=19$m=12288,t=3,p=1' + salted)).toBe(false);
  });

  it('is true for what is not an Argon2 PHC string (it verifies nothing, so a sign-in never asks)', async () => {
    for (const stored of [
      '',
      'not a hash',
      '$2b$10$abcdefghijklmnopqrstuv',
      'argon2id$v=19$m=12288,t=3,p=1$',
    ])
      expect(needsRehash(stored), stored).toBe(true);
    expect(await verifyPassword('not a hash', 'not a hash')).toBe(false);
  });
});
