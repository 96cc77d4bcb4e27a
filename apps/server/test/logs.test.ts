/** Passwords, tokens and signed links never reach the log, even at the most verbose level. */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEST_PASSWORD, createTestApp, signIn, type TestApp } from './app.js';
import { form } from './form.js';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream: { write: (line) => void lines.push(line) } });
});
afterAll(() => t.close());

it('keeps secrets out of the log', async () => {
  const world = await t.factories.school();
  const session = await signIn(t, world.teacher.username);
  await t.request({
    method: 'POST',
    url: '/api/login',
    payload: { username: world.teacher.username, password: 'wrong-secret-1' },
  });
  await t.request({ method: 'GET', url: '/api/profile', token: session.access_token });
  await t.request({ method: 'POST', url: '/api/refresh', payload: { refresh_token: session.refresh_token } });
  await t.request({
    method: 'PUT',
    url: '/api/profile',
    token: session.access_token,
    payload: {
      current_password: TEST_PASSWORD,
      new_password: 'another-secret-2',
      confirm_new_password: 'another-secret-2',
    },
  });

  const log = lines.join('');
  expect(log).toContain('/api/login');
  for (const secret of [
    TEST_PASSWORD,
    'wrong-secret-1',
    'another-secret-2',
    session.access_token,
    session.refresh_token,
  ]) {
    expect(log).not.toContain(secret);
  }
});

it('keeps reset keys and the parameters of a failed query out of the log', async () => {
  const world = await t.factories.school();
  await t.request({
    method: 'POST',
    url: `/api/password/recover?email=${encodeURIComponent(world.teacher.email!)}`,
    payload: { app_url: 'http://localhost:3000' },
  });
  const mail = await vi.waitFor(async () => {
    const found = (await t.outbox()).findLast((text) => text.includes(`To: ${world.teacher.email}`));
    if (!found) throw new Error('no reset mail yet');
    return found;
  });
  const key = /reset-password\/([\w-]+)/.exec(mail.replace(/=\r?\n/g, ''))![1]!;
  await t.request({ method: 'GET', url: `/api/password/validate-link?key=${key}` });
  await t.request({
    method: 'POST',
    url: `/api/password/change-unsigned/${key}`,
    payload: { new_password: 'reset secret 3' },
  });

  // A query that fails inside PostgreSQL carries its parameters (here an email and a message).
  await t.db.execute(sql`alter table contact_messages add constraint refuse_all check (false)`);
  const session = await signIn(t, world.owner.username);
  const failed = await t.request({
    method: 'POST',
    url: '/api/v1/user/contact-us',
    token: session.access_token,
    ...form({ email: 'private.person@home.example', message: 'my private words' }),
  });
  expect(failed.statusCode).toBe(500);

  const log = lines.join('');
  expect(log).toContain('/api/password/change-unsigned/');
  expect(log).toContain('unhandled error');
  for (const secret of [
    key,
    world.teacher.email!,
    'reset secret 3',
    'private.person@home.example',
    'my private words',
  ]) {
    expect(log).not.toContain(secret);
  }
});
