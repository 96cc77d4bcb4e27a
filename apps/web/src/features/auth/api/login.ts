import type { SessionUser } from '@readalong/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { session } from '@/lib/session';

export interface Credentials {
  username: string;
  password: string;
}

/** Signs in with username and password and keeps the returned user as the session. */
export async function signIn(credentials: Credentials): Promise<SessionUser> {
  const user = await api('login', { body: { ...credentials, login_type: 'username' } });
  await session.start(user);
  return user;
}

export const useSignIn = () => useMutation({ mutationFn: signIn });
