/**
 * S1: a sign-in whose stored hash was made with other Argon2id parameters than the current ones stores a new hash of
 * the same password; only the hash changes, so no session ends (not S6), and a failed write does not fail the sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { hashSync, verifySync } from '@node-rs/argon2';
import { users } from '../../db/schema/index.js';
import { needsRehash } from '../../platform/passwords.js';
import { TEST_PASSWORD, createTestApp, signIn, type TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';
import { replaceOutdatedHash } from './auth.repository.js';

const CURRENT = /^\$argon2id\$v=19\$m=12288,t=3,p=1\$/;
/** A hash of the test password with the parameters used before (OWASP's 19 MiB, two passes). */
const oldHash = (password = TEST_PASSWORD) =>
  hashSync(password, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });

const lines: string[] = [];
let t: TestApp;
let world: Awaited<ReturnType<TestApp['factories']['school']>>;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'warn' }, { logStream: { write: (line) => void lines.push(line) } });
  world = await t.factories.school();
});
afterAll(() => t.close());

const newTeacher = () =>
  t.factories.user('teacher', { districtId: world.district.id, schoolId: world.school.id });

const stored = async (userId: number) => (await t.db.select().from(users).where(eq(users.id, userId)))[0]!;

/** Gives the user `hash` as an older release would have stored it: the password version stays. */
const storeHash = (userId: number, hash: string) =>
  t.db.update(users).set({ passwordHash: hash }).where(eq(users.id, userId));

const validate = (token: string) => t.request({ method: 'GET', url: '/api/validate', token });

describe('a sign-in renews a hash made with older parameters (S1)', () => {
  it('stores a hash with the current parameters of the same password; the other sessions stay open', async () => {
    const person = await newTeacher();
    const other = await signIn(t, person.username);
    const old = oldHash();
    await storeHash(person.id, old);
    const before = await stored(person.id);

    const session = await signIn(t, person.username);

    const after = await stored(person.id);
    expect(after.passwordHash).not.toBe(old);
    expect(after.passwordHash).toMatch(CURRENT);
    expect(needsRehash(after.passwordHash!)).toBe(false);
    expect(verifySync(after.passwordHash!, TEST_PASSWORD)).toBe(true);
    expect(verifySync(after.passwordHash!, 'another password')).toBe(false);
    expect(after.passwordVersion).toBe(before.passwordVersion);

    // Not a password change (S6): the session opened before and the new one both go on, refresh included.
    expect((await validate(other.access_token)).statusCode).toBe(200);
    expect((await validate(session.access_token)).statusCode).toBe(200);
    const refreshed = await t.request({
      method: 'POST',
      url: '/api/refresh',
      payload: { refresh_token: other.refresh_token },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);

    // The renewed hash signs in, and is not renewed again.
    await signIn(t, person.username);
    expect((await stored(person.id)).passwordHash).toBe(after.passwordHash);
    expectError(
      await t.request({
        method: 'POST',
        url: '/api/login',
        payload: { username: person.username, password: 'wrong password' },
      }),
      401,
    );
  });

  it('renews an argon2i hash to Argon2id', async () => {
    const person = await newTeacher();
    await storeHash(person.id, hashSync(TEST_PASSWORD, { algorithm: 1 })); // Algorithm.Argon2i
    await signIn(t, person.username);
    const after = (await stored(person.id)).passwordHash!;
    expect(after).toMatch(CURRENT);
    expect(verifySync(after, TEST_PASSWORD)).toBe(true);
  });

  it('leaves a hash made with the current parameters as it is', async () => {
    const person = await newTeacher();
    const before = await stored(person.id);
    expect(before.passwordHash).toMatch(CURRENT);
    await signIn(t, person.username);
    await signIn(t, person.username);
    const after = await stored(person.id);
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.passwordVersion).toBe(before.passwordVersion);
  });

  it('renews nothing for a wrong password or a disabled account', async () => {
    const person = await newTeacher();
    const old = oldHash();
    await storeHash(person.id, old);
    const login = (password: string) =>
      t.request({ method: 'POST', url: '/api/login', payload: { username: person.username, password } });
    expectError(await login('wrong password'), 401);
    expect((await stored(person.id)).passwordHash).toBe(old);
    await t.db.update(users).set({ isDisabled: true }).where(eq(users.id, person.id));
    expect(expectError(await login(TEST_PASSWORD), 401).message).toBe('account is disabled');
    expect((await stored(person.id)).passwordHash).toBe(old);
  });

  it('signs in even when the new hash cannot be written, and logs why without the query’s values', async () => {
    const person = await newTeacher();
    const old = oldHash();
    await storeHash(person.id, old);
    await t.db.execute(sql`
      create function refuse_rehash() returns trigger language plpgsql as $$
      begin raise exception 'password hash writes refused by the test'; end $$`);
    await t.db.execute(
      sql.raw(`create trigger refuse_rehash before update of password_hash on users for each row
        when (old.id = ${person.id}) execute function refuse_rehash()`),
    );
    try {
      const session = await signIn(t, person.username);
      expect((await validate(session.access_token)).statusCode).toBe(200);
      expect((await stored(person.id)).passwordHash).toBe(old);
    } finally {
      await t.db.execute(sql`drop trigger refuse_rehash on users`);
    }
    const log = lines.join('');
    expect(log).toContain('the password hash was not renewed');
    expect(log).toContain('password hash writes refused by the test');
    expect(log).not.toContain(old);
    expect(log).not.toContain(TEST_PASSWORD);
    // Once writes go through again, the next sign-in renews it.
    await signIn(t, person.username);
    expect((await stored(person.id)).passwordHash).toMatch(CURRENT);
  });

  it('writes only over the hash it verified: a password changed in the meantime stays changed', async () => {
    const person = await newTeacher();
    const old = oldHash();
    const changed = oldHash('a password set meanwhile');
    await storeHash(person.id, changed);
    expect(await replaceOutdatedHash(t.db, person.id, old, 'a renewed hash')).toBe(false);
    expect((await stored(person.id)).passwordHash).toBe(changed);
    expect(await replaceOutdatedHash(t.db, person.id, changed, 'a renewed hash')).toBe(true);
    expect((await stored(person.id)).passwordHash).toBe('a renewed hash');
  });
});
