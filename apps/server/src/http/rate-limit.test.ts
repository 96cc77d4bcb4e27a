/** Requests per address on sign-in, password-reset mail and contact forms (S15), counted in PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { expectError } from '../../test/ladder.js';
import { form } from '../../test/form.js';
import { buildApp } from './app.js';

let t: TestApp;
let world: Awaited<ReturnType<TestApp['factories']['school']>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SIGN_IN: '3', RATE_LIMIT_FORMS: '2' });
  world = await t.factories.school();
});
afterAll(() => t.close());

const login = (address: string) =>
  t.request({
    method: 'POST',
    url: '/api/login',
    payload: { username: world.teacher.username, password: TEST_PASSWORD },
    remoteAddress: address,
  });

describe('rate limits', () => {
  it('sign-in: over the limit a minute answers 429 with Retry-After, per address', async () => {
    for (let attempt = 0; attempt < 3; attempt++) expect((await login('10.20.0.1')).statusCode).toBe(200);
    const refused = await login('10.20.0.1');
    expect(expectError(refused, 429).code).toBe('too_many_requests');
    expect(refused.headers['retry-after']).toBe('60');
    expect((await login('10.20.0.2')).statusCode).toBe(200);
    t.clock.advanceMinutes(1);
    expect((await login('10.20.0.1')).statusCode).toBe(200);
  });

  it('counts an IPv6 /64 as one address', async () => {
    for (const host of ['1', '2', '3']) expect((await login(`2001:db8:0:1::${host}`)).statusCode).toBe(200);
    expectError(await login('2001:db8:0:1::4'), 429);
    expect((await login('2001:db8:0:2::1')).statusCode).toBe(200);
  });

  it('password-reset mail: over the limit an hour answers 429, whether or not the address is known', async () => {
    const recover = (email: string) =>
      t.request({
        method: 'POST',
        url: `/api/password/recover?email=${encodeURIComponent(email)}`,
        payload: { app_url: 'http://localhost:3000' },
        remoteAddress: '10.21.0.1',
      });
    expect((await recover(world.teacher.email!)).statusCode).toBe(200);
    expect((await recover('nobody@nowhere.example')).statusCode).toBe(200);
    const refused = await recover(world.owner.email!);
    expectError(refused, 429);
    expect(refused.headers['retry-after']).toBe('3600');
  });

  it('contact forms, signed in or not, share one limit an hour', async () => {
    const session = await signIn(t, world.owner.username);
    const contact = () =>
      t.request({
        method: 'POST',
        url: '/api/v1/user/contact-us',
        token: session.access_token,
        ...form({ message: 'Hello' }),
        remoteAddress: '10.22.0.1',
      });
    const contactPublic = () =>
      t.request({
        method: 'POST',
        url: '/api/v1/user/public/contact-us',
        ...form({ message: 'Hello' }),
        remoteAddress: '10.22.0.1',
      });
    expect((await contact()).statusCode).toBe(200);
    expectError(await contactPublic(), 400);
    expectError(await contactPublic(), 429);
    expectError(await contact(), 429);
  });

  it('a second server on the same database counts on from the first', async () => {
    const second = await buildApp(t.deps, { logger: false });
    try {
      for (let attempt = 0; attempt < 3; attempt++) expect((await login('10.23.0.1')).statusCode).toBe(200);
      const refused = await second.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: world.teacher.username, password: TEST_PASSWORD },
        remoteAddress: '10.23.0.1',
      });
      expectError(refused, 429);
    } finally {
      await second.close();
    }
  });
});
