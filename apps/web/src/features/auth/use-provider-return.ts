import type { SessionUser } from '@readalong/contracts';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useProviderSignIn } from './api/login';
import { forgetProviderSignIn, providerName, readProviderReturn } from './third-party-sign-in';

/**
 * Finishes a third-party sign-in when a service sends the browser back to /login: signs in with its answer, then
 * calls `onSignedIn` with where to go next. Returns the problem to show, if any.
 */
export function useProviderReturn(onSignedIn: (user: SessionUser, next: string | null) => void): {
  isSigningIn: boolean;
  problem: string | null;
} {
  const location = useLocation();
  // Read once: the address is the service's answer only on the first render.
  const [answer] = useState(() => readProviderReturn(location.search, location.hash));
  const signIn = useProviderSignIn();
  const { mutate } = signIn;
  // Effects run twice in development (StrictMode); the answer is used once.
  const isStarted = useRef(false);

  useEffect(() => {
    if (isStarted.current || answer.kind === 'none') return;
    isStarted.current = true;
    forgetProviderSignIn();
    if (answer.kind !== 'credential') return;
    mutate(answer, { onSuccess: (user) => onSignedIn(user, answer.next) });
  }, [answer, mutate, onSignedIn]);

  return { isSigningIn: signIn.isPending, problem: problemOf(answer, signIn.error) };
}

function problemOf(answer: ReturnType<typeof readProviderReturn>, error: Error | null): string | null {
  if (error) return error.message;
  if (answer.kind !== 'failed') return null;
  return answer.provider
    ? `Signing in with ${providerName(answer.provider)} did not finish. Please try again.`
    : 'That sign-in could not be finished. Please try again.';
}
