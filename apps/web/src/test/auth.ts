/** Helpers for tests that need a signed-in user or count calls. */
import type { OperationName } from '@readalong/contracts';
import { session } from '@/lib/session';
import { answer } from './api-mocks';
import { buildSessionUser } from './factories';

/** The profile of the factory user: a plain authenticated call to use when any will do. */
export const profileAnswer = {
  user_id: 7,
  username: 'dana',
  login_role: 'teacher',
  first_name: 'Dana',
  last_name: 'Okafor',
  email: 'dana@example.test',
  profile_pic_url: null,
  school_id: 1,
  district_id: 1,
} as const;

/**
 * Puts a signed-in session in place as a sign-in earlier in this browser would have left it (session start
 * already recorded), without calling the server.
 */
export async function signedInAs(overrides: Parameters<typeof buildSessionUser>[0] = {}) {
  const user = buildSessionUser(overrides);
  await session.start(user);
  await session.update((stored) => ({ ...stored, is_start_recorded: true }));
  return user;
}

/** Counts the calls made to one operation, answering each with `reply`. */
export function countCalls<N extends OperationName>(
  name: N,
  reply: Parameters<typeof answer<N>>[1],
): { count(): number; requests: Request[] } {
  const requests: Request[] = [];
  answer(name, (request) => {
    requests.push(request.clone());
    return reply(request);
  });
  return { count: () => requests.length, requests };
}
