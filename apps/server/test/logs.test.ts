/** Passwords, tokens and signed links never reach the log, even at the most verbose level. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEST_PASSWORD, createTestApp, signIn, type TestApp } from './app.js';

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
