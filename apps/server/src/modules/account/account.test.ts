import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Profile } from '@readalong/contracts';
import { passwordResetKeys } from '../../db/schema/index.js';
import { TEST_PASSWORD, createTestApp, signIn, type TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';

let t: TestApp;
let world: Awaited<ReturnType<TestApp['factories']['school']>>;
beforeAll(async () => {
  t = await createTestApp();
  world = await t.factories.school();
});
afterAll(() => t.close());

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function form(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]) {
  const boundary = '----readalong-test';
  const chunks = parts.flatMap((part) => [
    `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
    part.value,
    '\r\n',
  ]);
  return {
    payload: Buffer.concat(
      [...chunks, `--${boundary}--\r\n`].map((chunk) =>
        typeof chunk === 'string' ? Buffer.from(chunk) : chunk,
      ),
    ),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('GET /profile', () => {
  it('401 without a session; each role reads their own profile', async () => {
    expectError(await t.request({ method: 'GET', url: '/api/profile' }), 401);
    for (const person of [world.student, world.teacher, world.owner, world.head]) {
      const session = await signIn(t, person.username);
      const response = await t.request({ method: 'GET', url: '/api/profile', token: session.access_token });
      expect(response.statusCode).toBe(200);
      expect(Profile.parse(response.json())).toMatchObject({
        user_id: person.id,
        username: person.username,
        login_role: person.role,
      });
    }
  });
});

describe('PUT /profile', () => {
  const update = (token: string | undefined, payload: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: '/api/profile', token, payload });

  it('401, then 400 naming the field', async () => {
    expectError(await update(undefined, { first_name: 'A' }), 401);
    const session = await signIn(t, world.owner.username);
    expectError(await update(session.access_token, { email: 'not-an-email' }), 400, 'body.email');
    expectError(await update(session.access_token, { nickname: 'x' }), 400, 'body.nickname');
    expectError(
      await update(session.access_token, {
        new_password: 'long enough pw',
        confirm_new_password: 'different pw!',
      }),
      400,
      'body.confirm_new_password',
    );
    expectError(
      await update(session.access_token, {
        current_password: 'wrong',
        new_password: 'long enough pw',
        confirm_new_password: 'long enough pw',
      }),
      400,
      'body.current_password',
    );
    expectError(
      await update(session.access_token, {
        current_password: TEST_PASSWORD,
        new_password: 'short',
        confirm_new_password: 'short',
      }),
      400,
      'body.new_password',
    );
  });

  it('updates the name and email', async () => {
    const session = await signIn(t, world.owner.username);
    const response = await update(session.access_token, {
      first_name: 'Maya',
      email: 'maya@school.example',
      current_password: TEST_PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ first_name: 'Maya', email: 'maya@school.example' });
  });

  it('a staff email change needs the current password; the same email or a name does not', async () => {
    const person = await t.factories.user('teacher', {
      districtId: world.district.id,
      schoolId: world.school.id,
    });
    const session = await signIn(t, person.username);
    expectError(
      await update(session.access_token, { email: 'thief@evil.example' }),
      400,
      'body.current_password',
    );
    expectError(
      await update(session.access_token, { email: 'thief@evil.example', current_password: 'wrong' }),
      400,
      'body.current_password',
    );
    const unchanged = await update(session.access_token, { email: person.email, first_name: 'Ana' });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    const profile = await t.request({ method: 'GET', url: '/api/profile', token: session.access_token });
    expect(profile.json()).toMatchObject({ first_name: 'Ana', email: person.email });
  });

  it('a student changes their optional email without a password', async () => {
    const session = await signIn(t, world.student.username);
    const response = await update(session.access_token, { email: 'kid@home.example' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ email: 'kid@home.example' });
  });

  it('a password change needs the current password, and the new one signs in', async () => {
    const person = await t.factories.user('teacher', {
      districtId: world.district.id,
      schoolId: world.school.id,
    });
    const session = await signIn(t, person.username);
    const response = await update(session.access_token, {
      current_password: TEST_PASSWORD,
      new_password: 'new password 1',
      confirm_new_password: 'new password 1',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain('new password 1');
    expect((await signIn(t, person.username, 'new password 1')).user_id).toBe(person.id);
    await expect(signIn(t, person.username)).rejects.toThrow();
  });
});

describe('PUT /profile: the current password is guessed no faster than at sign-in (S23)', () => {
  const update = (token: string, payload: Record<string, unknown>, address: string) =>
    t.request({ method: 'PUT', url: '/api/profile', token, payload, remoteAddress: address });
  const changePassword = (current: string) => ({
    current_password: current,
    new_password: 'guessed password 1',
    confirm_new_password: 'guessed password 1',
  });
  const changeEmail = (current: string) => ({ email: 'thief@evil.example', current_password: current });
  const newStaff = () =>
    t.factories.user('teacher', { districtId: world.district.id, schoolId: world.school.id });

  it('10 wrong current passwords (password or email change) lock the 11th, even the right one; the session stays', async () => {
    const person = await newStaff();
    const session = await signIn(t, person.username);
    const address = '10.23.0.1';
    for (let attempt = 0; attempt < 10; attempt++) {
      const guess = attempt % 2 === 0 ? changePassword(`guess ${attempt}`) : changeEmail(`guess ${attempt}`);
      expectError(await update(session.access_token, guess, address), 400, 'body.current_password');
    }
    for (const right of [changePassword(TEST_PASSWORD), changeEmail(TEST_PASSWORD)]) {
      const locked = await update(session.access_token, right, address);
      expect(expectError(locked, 429).message).toBe('Too many wrong passwords. Try again in 15 minutes.');
      expect(locked.headers['retry-after']).toBe('900');
    }
    // A wrong current password is a failure of the account: sign-in from that address is locked too.
    expectError(
      await t.request({
        method: 'POST',
        url: '/api/login',
        payload: { username: person.username, password: TEST_PASSWORD },
        remoteAddress: address,
      }),
      429,
    );
    // The session is not ended: the profile reads, and a name changes without a password.
    const renamed = await update(session.access_token, { first_name: 'Still In' }, address);
    expect(renamed.statusCode, renamed.body).toBe(200);
    const profile = await t.request({ method: 'GET', url: '/api/profile', token: session.access_token });
    expect(profile.json()).toMatchObject({ first_name: 'Still In', email: person.email });
  });

  it('the right current password before the limit forgets the failures, as a sign-in does', async () => {
    const person = await newStaff();
    const session = await signIn(t, person.username);
    const address = '10.23.0.2';
    const guessNine = async () => {
      for (let attempt = 0; attempt < 9; attempt++)
        expectError(
          await update(session.access_token, changeEmail('wrong guess'), address),
          400,
          'body.current_password',
        );
    };
    await guessNine();
    const right = await update(
      session.access_token,
      { email: `${person.username}@moved.example`, current_password: TEST_PASSWORD },
      address,
    );
    expect(right.statusCode, right.body).toBe(200);
    await guessNine();
    const changed = await update(session.access_token, changePassword(TEST_PASSWORD), address);
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await signIn(t, person.username, 'guessed password 1')).user_id).toBe(person.id);
  });
});

describe('PUT /profile-pic', () => {
  const upload = (token: string | undefined, body: ReturnType<typeof form>) =>
    t.request({
      method: 'PUT',
      url: '/api/profile-pic',
      token,
      payload: body.payload,
      headers: body.headers,
    });

  it('401; 400 for a file that is not an image or is missing', async () => {
    expectError(
      await upload(undefined, form([{ name: 'file', value: PNG, filename: 'me.png', type: 'image/png' }])),
      401,
    );
    const session = await signIn(t, world.student.username);
    expectError(
      await upload(
        session.access_token,
        form([
          {
            name: 'file',
            value: Buffer.from('%PDF-1.4 not an image'),
            filename: 'me.png',
            type: 'image/png',
          },
        ]),
      ),
      400,
      'file',
    );
    expectError(await upload(session.access_token, form([{ name: 'note', value: 'hi' }])), 400, 'file');
  });

  it('413 for a picture over 2 MB', async () => {
    const session = await signIn(t, world.student.username);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 1)]);
    expectError(
      await upload(
        session.access_token,
        form([{ name: 'file', value: big, filename: 'big.png', type: 'image/png' }]),
      ),
      413,
      'file',
    );
  });

  it('stores a PNG checked by content and serves it through a signed link', async () => {
    const session = await signIn(t, world.student.username);
    const response = await upload(
      session.access_token,
      form([{ name: 'file', value: PNG, filename: 'photo.jpg', type: 'image/jpeg' }]),
    );
    expect(response.statusCode, response.body).toBe(200);
    const url: string = response.json().profile_pic_url;
    const image = await t.request({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['referrer-policy']).toBe('no-referrer');
    expect(Buffer.compare(image.rawPayload, PNG)).toBe(0);
    expect(
      (
        await t.request({
          method: 'GET',
          url: url.replace(/signature=(.)/, (_, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`),
        })
      ).statusCode,
    ).toBe(404);
    const profile = await t.request({ method: 'GET', url: '/api/profile', token: session.access_token });
    expect(profile.json().profile_pic_url).toContain('/api/files/profile-pics/');
  });
});

describe('password reset', () => {
  const recover = (email: string, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: `/api/password/recover?email=${encodeURIComponent(email)}`, payload });
  const appUrl = 'http://localhost:3000';

  it('400 for a bad email or an app_url that is not ours', async () => {
    expectError(await recover('nope', { app_url: appUrl }), 400, 'query.email');
    expectError(
      await recover(world.teacher.email!, { app_url: 'https://evil.example' }),
      400,
      'body.app_url',
    );
  });

  /** The reset mail is sent after the answer (S16): wait for it to reach the outbox. */
  const mailTo = (address: string) =>
    vi.waitFor(async () => {
      const mail = (await t.outbox()).findLast((text) => text.includes(`To: ${address}`));
      if (!mail) throw new Error(`no mail to ${address} yet`);
      return mail;
    });
  const keyOf = (mail: string) => /reset-password\/([\w-]+)/.exec(mail.replace(/=\r?\n/g, ''))![1]!;

  it('answers a known and an unknown address alike, even when the mail server fails', async () => {
    const failing = vi.spyOn(t.deps.mail, 'send').mockRejectedValue(new Error('SMTP 421 try later'));
    try {
      const known = await recover(world.teacher.email!, { app_url: appUrl });
      const unknown = await recover('nobody@nowhere.example', { app_url: appUrl });
      expect([known.statusCode, known.body]).toEqual([200, '{"success":true}']);
      expect([unknown.statusCode, unknown.body]).toEqual([200, '{"success":true}']);
      await vi.waitFor(() => expect(failing).toHaveBeenCalledTimes(1));
    } finally {
      failing.mockRestore();
    }
  });

  it('a reset spends every other open reset key of the user', async () => {
    const person = await t.factories.user('teacher', {
      districtId: world.district.id,
      schoolId: world.school.id,
    });
    await recover(person.email!, { app_url: appUrl });
    const older = keyOf(await mailTo(person.email!));
    await recover(person.email!, { app_url: appUrl });
    const newer = await vi.waitFor(async () => {
      const key = keyOf(await mailTo(person.email!));
      if (key === older) throw new Error('second mail not there yet');
      return key;
    });
    const change = await t.request({
      method: 'POST',
      url: `/api/password/change-unsigned/${newer}`,
      payload: { new_password: 'reset password 7' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expectError(await t.request({ method: 'GET', url: `/api/password/validate-link?key=${older}` }), 404);
    expectError(
      await t.request({
        method: 'POST',
        url: `/api/password/change-unsigned/${older}`,
        payload: { new_password: 'attacker password' },
      }),
      404,
    );
    expect((await signIn(t, person.username, 'reset password 7')).user_id).toBe(person.id);
  });

  it('answers the same for an unknown address and sends no mail', async () => {
    const before = (await t.outbox()).length;
    const response = await recover('nobody@nowhere.example', { app_url: appUrl });
    expect(response.json()).toEqual({ success: true });
    expect((await t.outbox()).length).toBe(before);
  });

  it('mails a single-use link that sets a new password and ends old sessions', async () => {
    const person = await t.factories.user('teacher', {
      districtId: world.district.id,
      schoolId: world.school.id,
    });
    const oldSession = await signIn(t, person.username);
    expect((await recover(person.email!, { app_url: appUrl, branding: 'ReadAlong' })).statusCode).toBe(200);
    const key = keyOf(await mailTo(person.email!));
    expect((await t.db.select().from(passwordResetKeys)).map((row) => row.keyHash)).not.toContain(key);

    const valid = await t.request({ method: 'GET', url: `/api/password/validate-link?key=${key}` });
    expect(valid.statusCode, valid.body).toBe(200);
    expect(valid.json().valid).toBe(true);

    expectError(
      await t.request({
        method: 'POST',
        url: `/api/password/change-unsigned/${key}`,
        payload: { new_password: 'short' },
      }),
      400,
      'body.new_password',
    );
    const change = await t.request({
      method: 'POST',
      url: `/api/password/change-unsigned/${key}`,
      payload: { new_password: 'reset password 9' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await signIn(t, person.username, 'reset password 9')).user_id).toBe(person.id);
    expect(
      expectError(
        await t.request({ method: 'GET', url: '/api/validate', token: oldSession.access_token }),
        401,
      ).message,
    ).toBe('password has been changed');

    expectError(await t.request({ method: 'GET', url: `/api/password/validate-link?key=${key}` }), 404);
    expectError(
      await t.request({
        method: 'POST',
        url: `/api/password/change-unsigned/${key}`,
        payload: { new_password: 'again password' },
      }),
      404,
    );
  });

  it('the mail is the product’s own words, whatever branding the request sends (S24)', async () => {
    const person = await t.factories.user('teacher', {
      districtId: world.district.id,
      schoolId: world.school.id,
    });
    const branding = 'URGENT Bitcoin wallet suspended call 5550100 evilcorp.example';
    expect((await recover(person.email!, { app_url: appUrl, branding })).statusCode).toBe(200);
    const mail = (await mailTo(person.email!))
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    expect(mail).toContain('Subject: ReadAlong: reset your password');
    expect(mail).toContain(`your ReadAlong account (${person.username})`);
    for (const word of branding.split(' ')) expect(mail.toLowerCase()).not.toContain(word.toLowerCase());
  });

  it('a link expires after 30 minutes', async () => {
    const person = await t.factories.user('owner', {
      districtId: world.district.id,
      schoolId: world.school.id,
    });
    await recover(person.email!, { app_url: appUrl });
    const key = keyOf(await mailTo(person.email!));
    t.clock.advanceMinutes(31);
    expectError(await t.request({ method: 'GET', url: `/api/password/validate-link?key=${key}` }), 404);
  });
});
