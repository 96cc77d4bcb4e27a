/** Access tokens: short-lived JWTs naming the user, role, session and the password version they were issued under. */
import { SignJWT, jwtVerify, errors } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS, ROLES, type Role } from '@readalong/contracts';
import type { Clock } from '../../platform/clock.js';
import { unauthenticated } from '../../domain/errors.js';

export interface AccessClaims {
  userId: number;
  role: Role;
  sessionId: string;
  passwordVersion: number;
}

/** Verified tokens remembered at most (a token is ~250 bytes: a few MB); the oldest is forgotten first. */
const REMEMBERED_TOKENS = 10_000;

export function createTokenIssuer(key: Uint8Array, clock: Clock) {
  // Imported once: given the raw bytes, jose would import them again on every call.
  const cryptoKey = crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  /**
   * A token's signature and claims are checked once; its later uses (every request a page makes) check only its
   * expiry, the one claim that changes with time (jose and WebCrypto were a sixth of an authenticated read). The
   * session and account behind it are still read on every request.
   */
  const verified = new Map<string, { claims: AccessClaims; exp: number }>();
  const seconds = () => Math.floor(clock.now().getTime() / 1000);

  return {
    async issue(claims: AccessClaims): Promise<string> {
      const now = seconds();
      return new SignJWT({ role: claims.role, sid: claims.sessionId, pwv: claims.passwordVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setIssuedAt(now)
        .setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS)
        .sign(await cryptoKey);
    },

    async verify(token: string): Promise<AccessClaims> {
      const known = verified.get(token);
      if (known) {
        // As jose decides it: expired once `exp` is not after now.
        if (known.exp > seconds()) return known.claims;
        verified.delete(token);
        throw unauthenticated('token expired');
      }
      try {
        // A token without an expiry would be good for ever: refused (S18).
        const { payload } = await jwtVerify(token, await cryptoKey, {
          algorithms: ['HS256'],
          currentDate: clock.now(),
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        const role = ROLES.find((candidate) => candidate === payload.role);
        if (!role || typeof payload.sid !== 'string' || typeof payload.pwv !== 'number')
          throw unauthenticated();
        const claims = {
          userId: Number(payload.sub),
          role,
          sessionId: payload.sid,
          passwordVersion: payload.pwv,
        };
        if (verified.size >= REMEMBERED_TOKENS) verified.delete(verified.keys().next().value!);
        verified.set(token, { claims, exp: payload.exp! });
        return claims;
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw unauthenticated('token expired');
        throw unauthenticated('token is not valid');
      }
    },
  };
}
export type TokenIssuer = ReturnType<typeof createTokenIssuer>;
