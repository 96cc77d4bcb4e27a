/**
 * Access tokens (docs/rules.md S2, S18) without a database: what a token names, when it stops working, and the
 * tokens refused though correctly signed. The lifetime is written out (15 minutes), not read from the constant.
 */
import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../platform/clock.js';
import { createTokenIssuer } from './tokens.js';

const KEY = new TextEncoder().encode('a test key of thirty-two bytes!!');
const START = new Date('2026-09-15T09:00:00Z');
const claims = { userId: 42, role: 'teacher', sessionId: 'session-1', passwordVersion: 3 } as const;

function clockAt(date: Date) {
  let now = date.getTime();
  const clock: Clock = { now: () => new Date(now) };
  return { clock, advanceSeconds: (seconds: number) => (now += seconds * 1000) };
}

/** Signs a token with the issuer's key but chosen claims, as a forger holding the key (or an old server) might. */
async function signed(payload: Record<string, unknown>, { exp = true, iat = true, sub = '42' } = {}) {
  const seconds = START.getTime() / 1000;
  const jwt = new SignJWT(payload).setProtectedHeader({ alg: 'HS256' });
  if (sub) jwt.setSubject(sub);
  if (iat) jwt.setIssuedAt(seconds);
  if (exp) jwt.setExpirationTime(seconds + 600);
  return jwt.sign(KEY);
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: { code?: string; message?: string }) => `${error.code}: ${error.message}`,
  );

describe('access tokens', () => {
  it('name the user, role, session and password version, for 15 minutes', async () => {
    const { clock } = clockAt(START);
    const tokens = createTokenIssuer(KEY, clock);
    const token = await tokens.issue(claims);

    expect(decodeJwt(token)).toEqual({
      sub: '42',
      role: 'teacher',
      sid: 'session-1',
      pwv: 3,
      iat: 1789462800,
      exp: 1789462800 + 900,
    });
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it('stop working at 15 minutes, whether checked before or not', async () => {
    const { clock, advanceSeconds } = clockAt(START);
    const tokens = createTokenIssuer(KEY, clock);
    const remembered = await tokens.issue(claims);
    const unseen = await tokens.issue({ ...claims, sessionId: 'session-2' });
    await tokens.verify(remembered);

    advanceSeconds(899);
    expect(await tokens.verify(remembered)).toEqual(claims);
    advanceSeconds(1);
    expect(await refusal(tokens.verify(remembered))).toBe('unauthenticated: token expired');
    expect(await refusal(tokens.verify(remembered))).toBe('unauthenticated: token expired');
    expect(await refusal(tokens.verify(unseen))).toBe('unauthenticated: token expired');
  });

  it('refuse a token signed with another key, or altered', async () => {
    const { clock } = clockAt(START);
    const token = await createTokenIssuer(KEY, clock).issue(claims);
    const otherKey = new TextEncoder().encode('another key of thirty-two bytes!');
    const other = createTokenIssuer(otherKey, clock);

    expect(await refusal(other.verify(token))).toBe('unauthenticated: token is not valid');
    const [header, payload, signature] = token.split('.');
    const altered = `${header}.${payload}.${signature!.slice(0, -2)}AA`;
    expect(await refusal(createTokenIssuer(KEY, clock).verify(altered))).toBe(
      'unauthenticated: token is not valid',
    );
  });

  it('refuse a correctly signed token without exp, iat or sub, or with a claim of the wrong kind (S18)', async () => {
    const tokens = createTokenIssuer(KEY, clockAt(START).clock);
    const good = { role: 'student', sid: 's', pwv: 1 };
    expect(await tokens.verify(await signed(good))).toEqual({
      userId: 42,
      role: 'student',
      sessionId: 's',
      passwordVersion: 1,
    });
    for (const token of [
      await signed(good, { exp: false }),
      await signed(good, { iat: false }),
      await signed(good, { sub: '' }),
      await signed({ ...good, role: 'admin' }),
      await signed({ ...good, sid: 7 }),
      await signed({ ...good, pwv: '1' }),
    ]) {
      expect(await refusal(tokens.verify(token))).toBe('unauthenticated: token is not valid');
    }
  });
});
