import type { SessionUser } from '@readalong/contracts';
import { useMutation } from '@tanstack/react-query';
import { authStore, signInWithProvider, type ThirdPartyProvider } from '@/lib/auth-store';

export interface Credentials {
  username: string;
  password: string;
}

/** Signs in with username and password (lib/auth-store keeps the session, records its start, sets analytics). */
export const useSignIn = () =>
  useMutation<SessionUser, Error, Credentials>({
    mutationFn: ({ username, password }) => authStore.signIn(username, password),
  });

export interface ProviderCredential {
  provider: ThirdPartyProvider;
  credential: string;
}

/** Signs in with what a third-party identity service handed back. */
export const useProviderSignIn = () =>
  useMutation<SessionUser, Error, ProviderCredential>({
    mutationFn: ({ provider, credential }) => signInWithProvider(provider, credential),
  });
