/** Access tokens: short-lived JWTs naming the user, role, session and the password version they were issued under. */
import { SignJWT, jwtVerify, errors } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS, ROLES, type Role } from '@readalong/contracts';
import type { Clock } from '../../platform/clock.js';
import { unauthenticated } from '../../http/errors.js';

export interface AccessClaims {
  userId: number;
  role: Role;
  sessionId: string;
  passwordVersion: number;
}

export function createTokenIssuer(key: Uint8Array, clock: Clock) {
  return {
    async issue(claims: AccessClaims): Promise<string> {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ role: claims.role, sid: claims.sessionId, pwv: claims.passwordVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setIssuedAt(now)
        .setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
    },

    async verify(token: string): Promise<AccessClaims> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: clock.now() });
        const role = ROLES.find((candidate) => candidate === payload.role);
        if (!role || typeof payload.sid !== 'string' || typeof payload.pwv !== 'number')
          throw unauthenticated();
        return { userId: Number(payload.sub), role, sessionId: payload.sid, passwordVersion: payload.pwv };
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw unauthenticated('token expired');
        throw unauthenticated('token is not valid');
      }
    },
  };
}
export type TokenIssuer = ReturnType<typeof createTokenIssuer>;
