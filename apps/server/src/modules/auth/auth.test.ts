import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { SessionUser } from '@readalong/contracts';
import { auditLog, refreshTokens, sessions, signInFailures, users } from '../../db/schema/index.js';
import { TEST_PASSWORD, createTestApp, signIn, type TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';

let t: TestApp;
let world: Awaited<ReturnType<TestApp['factories']['school']>>;
beforeAll(async () => {
  t = await createTestApp();
  world = await t.factories.school();
});
afterAll(() => t.close());

/** A teacher of the world's school of their own, whose sessions no other test touches. */
const newTeacher = () =>
  t.factories.user('teacher', { districtId: world.district.id, schoolId: world.school.id });

const login = (payload: Record<string, unknown>, address = '10.0.0.1') =>
  t.request({ method: 'POST', url: '/api/login', payload, remoteAddress: address });

describe('POST /login', () => {
  it('400 names the missing or unknown field', async () => {
    const noPassword = expectError(await login({ username: world.teacher.username }), 400);
    expect(noPassword.fields).toEqual({ 'body.password': 'password is required' });
    const noUsername = expectError(await login({ password: 'y' }), 400);
    expect(noUsername.fields).toEqual({ 'body.username': 'username is required' });
    expectError(await login({ username: 'x', password: 'y', colour: 'red' }), 400, 'body.colour');
    expectError(await login({ username: 'x', password: 'y', login_type: 'fax' }), 400, 'body.login_type');
  });

  it('401 for a wrong password or an unknown user, with the same message', async () => {
    const wrong = expectError(await login({ username: world.teacher.username, password: 'nope' }), 401);
    const unknown = expectError(await login({ username: 'nobody.here', password: 'nope' }), 401);
    expect(wrong.message).toBe(unknown.message);
  });

  it('501 with a clear message for sign-in types not set up', async () => {
    const error = expectError(await login({ login_type: 'google', google_jwt: 'abc' }), 501);
    expect(error.message).toContain('Google');
  });

  it('signs in a student with the session fields of their contract', async () => {
    const response = await login({ username: world.student.username.toUpperCase(), password: TEST_PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    const user = SessionUser.parse(response.json());
    expect(user).toMatchObject({
      user_id: world.student.id,
      login_role: 'student',
      colour_band_id: 4,
      series_id: 6,
      coins: 30,
      class_id: world.class.id,
    });
    expect(Object.keys(response.json()).sort()).toEqual(Object.keys(SessionUser.shape).sort());
    expect(response.body).not.toContain(TEST_PASSWORD);
  });

  it('stores refresh tokens hashed only', async () => {
    const user = await signIn(t, world.owner.username);
    const stored = await t.db.select().from(refreshTokens);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.map((row) => row.tokenHash)).not.toContain(user.refresh_token);
  });

  it('401 "account is disabled" for a disabled account', async () => {
    const disabled = await t.factories.user(
      'teacher',
      { districtId: world.district.id, schoolId: world.school.id },
      { isDisabled: true },
    );
    expect(
      expectError(await login({ username: disabled.username, password: TEST_PASSWORD }), 401).message,
    ).toBe('account is disabled');
  });

  it('locks a username and address after 10 failures in 15 minutes, for 15 minutes', async () => {
    const victim = await t.factories.student(
      { districtId: world.district.id, schoolId: world.school.id },
      world.class.id,
    );
    for (let attempt = 0; attempt < 10; attempt++)
      expectError(await login({ username: victim.username, password: 'bad' }, '10.9.9.9'), 401);
    const locked = await login({ username: victim.username, password: TEST_PASSWORD }, '10.9.9.9');
    expectError(locked, 429);
    expect(locked.headers['retry-after']).toBe('900');
    t.clock.advanceMinutes(5);
    const stillLocked = await login({ username: victim.username, password: TEST_PASSWORD }, '10.9.9.9');
    expect(stillLocked.headers['retry-after']).toBe('600');
    expect((await login({ username: victim.username, password: TEST_PASSWORD }, '10.1.1.1')).statusCode).toBe(
      200,
    );
    t.clock.advanceMinutes(11);
    expect((await login({ username: victim.username, password: TEST_PASSWORD }, '10.9.9.9')).statusCode).toBe(
      200,
    );
  });

  it('40 wrong sign-ins at once: at most 10 reach the password check, the rest answer 429', async () => {
    const victim = await t.factories.student(
      { districtId: world.district.id, schoolId: world.school.id },
      world.class.id,
    );
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => login({ username: victim.username, password: 'bad' }, '10.7.7.7')),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    expectError(await login({ username: victim.username, password: TEST_PASSWORD }, '10.7.7.7'), 429);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says so: 40 claimed addresses still lock', async () => {
    const victim = await t.factories.student(
      { districtId: world.district.id, schoolId: world.school.id },
      world.class.id,
    );
    const claiming = (address: string, password: string) =>
      t.request({
        method: 'POST',
        url: '/api/login',
        payload: { username: victim.username, password },
        remoteAddress: '10.6.6.6',
        headers: { 'x-forwarded-for': address },
      });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 40; attempt++)
      statuses.push((await claiming(`172.16.0.${attempt + 1}`, 'bad')).statusCode);
    expect(statuses.filter((status) => status === 401).length).toBe(10);
    expectError(await claiming('172.16.1.1', TEST_PASSWORD), 429);
  });

  it('locks a username tried from many addresses (50 in 15 minutes); its teacher lifts the lock', async () => {
    const victim = await t.factories.student(
      { districtId: world.district.id, schoolId: world.school.id },
      world.class.id,
    );
    for (let attempt = 0; attempt < 50; attempt++)
      expectError(await login({ username: victim.username, password: 'bad' }, `10.5.${attempt}.1`), 401);
    expectError(await login({ username: victim.username, password: TEST_PASSWORD }, '10.5.200.1'), 429);
    const teacher = await signIn(t, world.teacher.username);
    const unlock = await t.request({
      method: 'PUT',
      url: '/api/lock',
      token: teacher.access_token,
      payload: { username: victim.username, locked: false },
    });
    expect(unlock.statusCode, unlock.body).toBe(200);
    expect(
      (await login({ username: victim.username, password: TEST_PASSWORD }, '10.5.200.1')).statusCode,
    ).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  it('behind a trusted proxy, the pair lock follows the address the proxy names', async () => {
    const behind = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const school = await behind.factories.school();
      const viaProxy = (address: string, password: string) =>
        behind.request({
          method: 'POST',
          url: '/api/login',
          payload: { username: school.student.username, password },
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': address },
        });
      for (let attempt = 0; attempt < 10; attempt++) expectError(await viaProxy('203.0.113.9', 'bad'), 401);
      expectError(await viaProxy('203.0.113.9', TEST_PASSWORD), 429);
      expect((await viaProxy('198.51.100.4', TEST_PASSWORD)).statusCode).toBe(200);
    } finally {
      await behind.close();
    }
  });
});

describe('access tokens', () => {
  it('401 for a correctly signed token without an expiry', async () => {
    const session = await signIn(t, world.teacher.username);
    const { payload } = decodeToken(session.access_token);
    const forever = await new SignJWT({ role: payload.role, sid: payload.sid, pwv: payload.pwv })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(payload.sub))
      .setIssuedAt()
      .sign(t.deps.secrets.jwtKey);
    expect(
      expectError(await t.request({ method: 'GET', url: '/api/validate', token: forever }), 401).message,
    ).toBe('token is not valid');
  });
});

const decodeToken = (token: string) => ({
  payload: JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>,
});

describe('POST /refresh', () => {
  const refresh = (payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/refresh', payload });

  it('400 without a token; 401 for an unknown one', async () => {
    expectError(await refresh({}), 400, 'body.refresh_token');
    expectError(await refresh({ refresh_token: 'made-up' }), 401);
  });

  it('rotates: the new pair works and the old token is spent', async () => {
    const session = await signIn(t, world.teacher.username);
    const rotated = await refresh({ refresh_token: session.refresh_token });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const pair = rotated.json<{ access_token: string; refresh_token: string }>();
    expect(pair.refresh_token).not.toBe(session.refresh_token);
    expect(
      (await t.request({ method: 'GET', url: '/api/profile', token: pair.access_token })).statusCode,
    ).toBe(200);
  });

  it('reuse of a spent token ends the whole session', async () => {
    const session = await signIn(t, world.teacher.username);
    const next = (await refresh({ refresh_token: session.refresh_token })).json<{
      access_token: string;
      refresh_token: string;
    }>();
    expect(expectError(await refresh({ refresh_token: session.refresh_token }), 401).message).toBe(
      'refresh token was already used; the session has been ended',
    );
    expectError(await refresh({ refresh_token: next.refresh_token }), 401);
    expectError(await t.request({ method: 'GET', url: '/api/validate', token: next.access_token }), 401);
  });
});

describe('GET /validate', () => {
  it('401 without a session, or with an expired token', async () => {
    expectError(await t.request({ method: 'GET', url: '/api/validate' }), 401);
    const session = await signIn(t, world.teacher.username);
    t.clock.advanceMinutes(16);
    expect(
      expectError(await t.request({ method: 'GET', url: '/api/validate', token: session.access_token }), 401)
        .message,
    ).toBe('token expired');
  });

  it('answers access_token, login_role and refresh_token for each role', async () => {
    for (const person of [world.student, world.teacher, world.owner, world.head]) {
      const session = await signIn(t, person.username);
      const response = await t.request({ method: 'GET', url: '/api/validate', token: session.access_token });
      expect(response.statusCode, response.body).toBe(200);
      expect(Object.keys(response.json()).sort()).toEqual(['access_token', 'login_role', 'refresh_token']);
      expect(response.json()).toMatchObject({ login_role: person.role, refresh_token: null });
      const fresh = response.json<{ access_token: string }>().access_token;
      expect((await t.request({ method: 'GET', url: '/api/validate', token: fresh })).statusCode).toBe(200);
    }
  });

  it('401 "password has been changed" after a password change elsewhere', async () => {
    const person = await newTeacher();
    const first = await signIn(t, person.username);
    const second = await signIn(t, person.username);
    const change = await t.request({
      method: 'PUT',
      url: '/api/profile',
      token: second.access_token,
      payload: {
        current_password: TEST_PASSWORD,
        new_password: 'a brand new secret',
        confirm_new_password: 'a brand new secret',
      },
    });
    expect(change.statusCode, change.body).toBe(200);
    const error = expectError(
      await t.request({ method: 'GET', url: '/api/validate', token: first.access_token }),
      401,
    );
    expect(error.message).toBe('password has been changed');
    const { access_token } = change.json<{ access_token: string }>();
    expect((await t.request({ method: 'GET', url: '/api/validate', token: access_token })).statusCode).toBe(
      200,
    );
  });

  it('401 "account is disabled" once an account is disabled', async () => {
    const person = await newTeacher();
    const session = await signIn(t, person.username);
    await t.db.update(users).set({ isDisabled: true }).where(eq(users.id, person.id));
    expect(
      expectError(await t.request({ method: 'GET', url: '/api/validate', token: session.access_token }), 401)
        .message,
    ).toBe('account is disabled');
  });
});

describe('POST /logout and /session/start', () => {
  it('401 without a session', async () => {
    expectError(await t.request({ method: 'POST', url: '/api/logout' }), 401);
    expectError(await t.request({ method: 'POST', url: '/api/session/start' }), 401);
  });

  it('records the session start once, then logout ends the session and its refresh token', async () => {
    const session = await signIn(t, world.student.username);
    const first = await t.request({ method: 'POST', url: '/api/session/start', token: session.access_token });
    expect(first.statusCode, first.body).toBe(200);
    t.clock.advanceMinutes(1);
    const again = await t.request({ method: 'POST', url: '/api/session/start', token: session.access_token });
    expect(again.json()).toEqual(first.json());

    expect(
      (await t.request({ method: 'POST', url: '/api/logout', token: session.access_token })).json(),
    ).toEqual({ success: true });
    expectError(await t.request({ method: 'GET', url: '/api/validate', token: session.access_token }), 401);
    expectError(
      await t.request({
        method: 'POST',
        url: '/api/refresh',
        payload: { refresh_token: session.refresh_token },
      }),
      401,
    );
  });
});

describe('POST /logout/everywhere', () => {
  const everywhere = (token: string | undefined) =>
    t.request({ method: 'POST', url: '/api/logout/everywhere', token });
  const refreshWith = (refreshToken: string) =>
    t.request({ method: 'POST', url: '/api/refresh', payload: { refresh_token: refreshToken } });

  it('401 without a session', async () => {
    expectError(await everywhere(undefined), 401);
  });

  it('ends every session of the caller, this one included, and no one else’s (S21)', async () => {
    const person = await newTeacher();
    const laptop = await signIn(t, person.username);
    const phone = await signIn(t, person.username);
    const colleague = await signIn(t, world.owner.username);
    const response = await everywhere(phone.access_token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ sessions_ended: 2 });
    for (const session of [laptop, phone]) {
      const refused = await t.request({ method: 'GET', url: '/api/validate', token: session.access_token });
      expect(expectError(refused, 401).message).toBe('session has ended');
      expect(expectError(await refreshWith(session.refresh_token), 401).message).toBe('session has ended');
    }
    expect(
      (await t.request({ method: 'GET', url: '/api/validate', token: colleague.access_token })).statusCode,
    ).toBe(200);
    expect((await refreshWith(colleague.refresh_token)).statusCode).toBe(200);
    expect((await signIn(t, person.username)).user_id).toBe(person.id);
  });
  it('counts only the sessions it ended: one signed out before is not counted again', async () => {
    const person = await newTeacher();
    const [gone, open] = [await signIn(t, person.username), await signIn(t, person.username)];
    await t.request({ method: 'POST', url: '/api/logout', token: gone.access_token });
    expect((await everywhere(open.access_token)).json()).toEqual({ sessions_ended: 1 });
  });
});

describe('PUT /lock', () => {
  const lock = (token: string | undefined, payload: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: '/api/lock', token, payload });

  it('climbs the ladder: 401, 400, 403 for students, 404 outside scope', async () => {
    expectError(await lock(undefined, { username: world.student.username }), 401);
    const teacher = await signIn(t, world.teacher.username);
    expectError(await lock(teacher.access_token, {}), 400, 'body.username');
    const student = await signIn(t, world.student.username);
    expectError(await lock(student.access_token, { username: world.student.username }), 403);
    // In that order (A1): bad input without a session is 401, and a student's bad input is 400 before their 403.
    expectError(await lock(undefined, {}), 401);
    expectError(await lock(student.access_token, {}), 400, 'body.username');
    const elsewhere = await t.factories.school();
    const hidden = expectError(
      await lock(teacher.access_token, { username: elsewhere.student.username }),
      404,
    );
    expect(hidden.message).toBe('No such student.');
    expectError(await lock(teacher.access_token, { username: world.teacher.username }), 404);
  });

  it('a teacher locks their student out, then unlocks them', async () => {
    const pupil = await t.factories.student(
      { districtId: world.district.id, schoolId: world.school.id },
      world.class.id,
    );
    const teacher = await signIn(t, world.teacher.username);
    const locked = await lock(teacher.access_token, { username: pupil.username });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json().locked_until).toEqual(expect.any(String));
    expectError(await login({ username: pupil.username, password: TEST_PASSWORD }), 429);
    await lock(teacher.access_token, { username: pupil.username, locked: false });
    expect((await login({ username: pupil.username, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('owners and department heads lock students across their school or district', async () => {
    for (const person of [world.owner, world.head]) {
      const session = await signIn(t, person.username);
      expect(
        (await lock(session.access_token, { username: world.student.username, locked: false })).statusCode,
      ).toBe(200);
    }
  });
});

describe('lockouts end on the minute, and a success forgets the failures (S7, S8)', () => {
  const newPupil = () =>
    t.factories.student({ districtId: world.district.id, schoolId: world.school.id }, world.class.id);
  const attempt = (username: string, password: string) => login({ username, password }, '10.4.4.4');
  const lock = (token: string, payload: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: '/api/lock', token, payload });

  it('a locked-out child is told for how long, and gets back in the minute the lock ends, not before', async () => {
    const pupil = await newPupil();
    for (let failure = 0; failure < 10; failure++) expectError(await attempt(pupil.username, 'bad'), 401);
    const locked = expectError(await attempt(pupil.username, TEST_PASSWORD), 429);
    expect(locked.message).toBe('Too many sign-in attempts. Try again in 15 minutes.');
    t.clock.advanceMinutes(14);
    expect((await attempt(pupil.username, TEST_PASSWORD)).headers['retry-after']).toBe('60');
    t.clock.advanceMinutes(1);
    expect((await attempt(pupil.username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('a sign-in that succeeds forgets the failures before it: nine more do not lock', async () => {
    const pupil = await newPupil();
    for (let round = 0; round < 2; round++) {
      for (let failure = 0; failure < 9; failure++) expectError(await attempt(pupil.username, 'bad'), 401);
      expect((await attempt(pupil.username, TEST_PASSWORD)).statusCode).toBe(200);
    }
  });

  it('a teacher’s lock holds for 15 minutes from every address and then ends by itself', async () => {
    const pupil = await newPupil();
    const teacher = await signIn(t, world.teacher.username);
    const end = new Date(t.clock.now().getTime() + 15 * 60_000).toISOString();
    const locked = await lock(teacher.access_token, { username: pupil.username });
    expect(locked.json()).toEqual({ username: pupil.username, locked_until: end });
    t.clock.advanceMinutes(14);
    const refused = await login({ username: pupil.username, password: TEST_PASSWORD }, '10.3.3.3');
    expect(expectError(refused, 429).message).toBe('Too many sign-in attempts. Try again in 15 minutes.');
    expect(refused.headers['retry-after']).toBe('60');
    t.clock.advanceMinutes(1);
    expect((await attempt(pupil.username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('a teacher’s unlock lets the child straight back in; the lock and the unlock are recorded as theirs', async () => {
    const pupil = await newPupil();
    const teacher = await signIn(t, world.teacher.username);
    await lock(teacher.access_token, { username: pupil.username, locked: true });
    expectError(await attempt(pupil.username, TEST_PASSWORD), 429);
    const unlocked = await lock(teacher.access_token, { username: pupil.username, locked: false });
    expect(unlocked.json()).toEqual({ username: pupil.username, locked_until: null });
    expect((await attempt(pupil.username, TEST_PASSWORD)).statusCode).toBe(200);
    const recorded = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, String(pupil.id))));
    expect(recorded.map(({ action, actorId, schoolId }) => ({ action, actorId, schoolId }))).toEqual([
      { action: 'account.lock', actorId: world.teacher.id, schoolId: world.school.id },
      { action: 'account.unlock', actorId: world.teacher.id, schoolId: world.school.id },
    ]);
  });
});

describe('refresh tokens: why one is refused, and their 30 days (S5, S6)', () => {
  const refresh = (refreshToken: string) =>
    t.request({ method: 'POST', url: '/api/refresh', payload: { refresh_token: refreshToken } });

  it('names the reason: not a token, the account disabled, the password changed', async () => {
    expect(expectError(await refresh('made-up'), 401).message).toBe('refresh token is not valid');
    const disabled = await newTeacher();
    const disabledSession = await signIn(t, disabled.username);
    await t.db.update(users).set({ isDisabled: true }).where(eq(users.id, disabled.id));
    expect(expectError(await refresh(disabledSession.refresh_token), 401).message).toBe(
      'account is disabled',
    );
    const changed = await newTeacher();
    const [old, current] = [await signIn(t, changed.username), await signIn(t, changed.username)];
    const change = await t.request({
      method: 'PUT',
      url: '/api/profile',
      token: current.access_token,
      payload: {
        current_password: TEST_PASSWORD,
        new_password: 'another secret',
        confirm_new_password: 'another secret',
      },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(expectError(await refresh(old.refresh_token), 401).message).toBe('password has been changed');
  });

  it('works until its 30 days are up, and not from that moment', async () => {
    const person = await newTeacher();
    const [early, late] = [await signIn(t, person.username), await signIn(t, person.username)];
    t.clock.advanceMinutes(30 * 24 * 60 - 1);
    expect((await refresh(early.refresh_token)).statusCode).toBe(200);
    t.clock.advanceMinutes(1);
    expect(expectError(await refresh(late.refresh_token), 401).message).toBe('refresh token has expired');
  });
});

describe('what an attacker would try on sign-in and refresh', () => {
  it('changing the username’s case does not start a new count: ten failures in any case lock it', async () => {
    const pupil = await t.factories.student(
      { districtId: world.district.id, schoolId: world.school.id },
      world.class.id,
    );
    const spellings = [pupil.username.toUpperCase(), pupil.username.toLowerCase()];
    for (let failure = 0; failure < 10; failure++)
      expectError(await login({ username: spellings[failure % 2], password: 'bad' }, '10.8.8.8'), 401);
    expectError(await login({ username: pupil.username, password: TEST_PASSWORD }, '10.8.8.8'), 429);
  });

  it('one refresh token sent twice at once: one answer gets a new pair, the other is refused and the session ends', async () => {
    const session = await signIn(t, (await newTeacher()).username);
    const answers = await Promise.all(
      [1, 2].map(() =>
        t.request({ method: 'POST', url: '/api/refresh', payload: { refresh_token: session.refresh_token } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json<{ access_token: string }>();
    expectError(await t.request({ method: 'GET', url: '/api/validate', token: winner.access_token }), 401);
  });

  it('a failed sign-in clears counters older than a day, so addresses are not kept longer than they count', async () => {
    const stale = { username: 'long.gone', address: '10.2.2.2', failures: 3 };
    const dayAndMinuteAgo = new Date(t.clock.now().getTime() - (24 * 60 + 1) * 60_000);
    const hourAgo = new Date(t.clock.now().getTime() - 60 * 60_000);
    await t.db.insert(signInFailures).values([
      { ...stale, windowStart: dayAndMinuteAgo },
      { ...stale, username: 'locked.long.ago', windowStart: dayAndMinuteAgo, lockedUntil: dayAndMinuteAgo },
      { ...stale, username: 'still.locked', windowStart: dayAndMinuteAgo, lockedUntil: hourAgo },
      { ...stale, username: 'recent', windowStart: hourAgo },
    ]);
    expectError(await login({ username: 'nobody.at.all', password: 'bad' }, '10.2.2.3'), 401);
    const kept = await t.db.select({ username: signInFailures.username }).from(signInFailures);
    expect(kept.map((row) => row.username)).not.toContain('long.gone');
    expect(kept.map((row) => row.username)).not.toContain('locked.long.ago');
    expect(kept.map((row) => row.username)).toEqual(expect.arrayContaining(['still.locked', 'recent']));
  });
});

describe('the per-request check of the access token', () => {
  const validate = (authorization?: string) =>
    t.request({
      method: 'GET',
      url: '/api/validate',
      headers: authorization === undefined ? {} : { authorization },
    });

  it('asks to sign in when there is no bearer token, and reads one with extra spaces', async () => {
    const session = await signIn(t, world.teacher.username);
    for (const header of [undefined, `Basic ${session.access_token}`, 'Bearer ']) {
      expect(expectError(await validate(header), 401).message).toBe('Please sign in.');
    }
    expect((await validate(`Bearer   ${session.access_token}`)).statusCode).toBe(200);
  });

  it('a still-signed token whose session is gone is refused, not a server error', async () => {
    const person = await newTeacher();
    const session = await signIn(t, person.username);
    await t.db.delete(sessions).where(eq(sessions.userId, person.id));
    expect(expectError(await validate(`Bearer ${session.access_token}`), 401).message).toBe(
      'session has ended',
    );
  });
});

describe('lock ends follow the lock, not the last attempt', () => {
  const newPupil = () =>
    t.factories.student({ districtId: world.district.id, schoolId: world.school.id }, world.class.id);

  it('the pair lock runs 15 minutes from the tenth failure, however long after the first it came', async () => {
    const pupil = await newPupil();
    const fail = () => login({ username: pupil.username, password: 'bad' }, '10.11.11.11');
    expectError(await fail(), 401);
    t.clock.advanceMinutes(5);
    for (let failure = 1; failure < 10; failure++) expectError(await fail(), 401);
    const locked = await login({ username: pupil.username, password: TEST_PASSWORD }, '10.11.11.11');
    expect(locked.headers['retry-after']).toBe('900');
    t.clock.advanceMinutes(14);
    expectError(await login({ username: pupil.username, password: TEST_PASSWORD }, '10.11.11.11'), 429);
  });

  it('the username lock (50 failures from anywhere) tells the time left of that lock', async () => {
    const pupil = await newPupil();
    for (let failure = 0; failure < 50; failure++)
      expectError(await login({ username: pupil.username, password: 'bad' }, `10.12.${failure}.1`), 401);
    t.clock.advanceMinutes(5);
    const locked = await login({ username: pupil.username, password: TEST_PASSWORD }, '10.12.200.1');
    expectError(locked, 429);
    expect(locked.headers['retry-after']).toBe('600');
  });
});
