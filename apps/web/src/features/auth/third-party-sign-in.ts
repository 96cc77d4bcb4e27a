/**
 * Sign-in through a third-party identity service (docs/rules.md S10): Google, Apple or Canvas, each offered only where
 * this build is configured for it (lib/env). Each uses a full-page redirect to the service and back to /login, so
 * no third-party script runs in the app: Google returns an ID token, Apple and Canvas an authorization code,
 * which the login call exchanges for a session. A random `state`, kept in sessionStorage for the round trip,
 * proves the answer belongs to a sign-in this tab started.
 */
import type { ThirdPartyProvider } from '@/lib/auth-store';
import { setting } from '@/lib/env';
import { paths } from '@/config/paths';

export interface ProviderOption {
  provider: ThirdPartyProvider;
  label: string;
  /** Where to send the browser to sign in there. */
  authorizeUrl(state: string, nonce: string): string;
}

interface PendingSignIn {
  provider: ThirdPartyProvider;
  state: string;
  /** Where to go after signing in (the login page's `next`). */
  next: string | null;
}

export type ProviderReturn =
  | { kind: 'none' }
  | { kind: 'credential'; provider: ThirdPartyProvider; credential: string; next: string | null }
  | { kind: 'failed'; provider: ThirdPartyProvider | null; next: string | null };

const PENDING_KEY = 'readalong.third-party-sign-in';
const PROVIDER_NAMES: Record<ThirdPartyProvider, string> = {
  google: 'Google',
  apple: 'Apple',
  canvas: 'Canvas',
};

/** The page the services send the browser back to; each service must list it as an allowed redirect. */
const returnAddress = () => new URL(paths.login.path, window.location.origin).toString();

const withQuery = (base: string, query: Record<string, string | undefined>) => {
  const url = new URL(base);
  for (const [name, value] of Object.entries(query))
    if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
};

/** The services this build may use, in the order the buttons show. */
export function configuredProviders(): ProviderOption[] {
  const options: ProviderOption[] = [];
  const googleClientId = setting('VITE_GOOGLE_CLIENT_ID');
  const appleClientId = setting('VITE_APPLE_CLIENT_ID');
  const canvasUrl = setting('VITE_CANVAS_URL');
  if (googleClientId) {
    options.push({
      provider: 'google',
      label: 'Sign in with Google',
      authorizeUrl: (state, nonce) =>
        withQuery('https://accounts.google.com/o/oauth2/v2/auth', {
          client_id: googleClientId,
          redirect_uri: returnAddress(),
          response_type: 'id_token',
          scope: 'openid email profile',
          state,
          nonce,
        }),
    });
  }
  if (appleClientId) {
    options.push({
      provider: 'apple',
      label: 'Sign in with Apple',
      // Without scopes Apple may answer in the fragment, so no server page has to receive a form post.
      authorizeUrl: (state) =>
        withQuery('https://appleid.apple.com/auth/authorize', {
          client_id: appleClientId,
          redirect_uri: returnAddress(),
          response_type: 'code',
          response_mode: 'fragment',
          state,
        }),
    });
  }
  if (canvasUrl) {
    options.push({
      provider: 'canvas',
      label: 'Sign in with Canvas',
      authorizeUrl: (state) =>
        withQuery(new URL('/login/oauth2/auth', canvasUrl).toString(), {
          client_id: setting('VITE_CANVAS_CLIENT_ID'),
          redirect_uri: returnAddress(),
          response_type: 'code',
          state,
        }),
    });
  }
  return options;
}

/** Leaving the app for another site; a seam so tests can watch it. */
export const browser = {
  leaveFor: (url: string) => window.location.assign(url),
};

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Sends the browser to the service's sign-in page, remembering how to finish when it comes back. */
export function startProviderSignIn(option: ProviderOption, next: string | null): void {
  const pending: PendingSignIn = { provider: option.provider, state: randomToken(), next };
  window.sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  browser.leaveFor(option.authorizeUrl(pending.state, randomToken()));
}

function readPending(): PendingSignIn | null {
  const stored = window.sessionStorage.getItem(PENDING_KEY);
  try {
    const pending = JSON.parse(stored ?? 'null') as PendingSignIn | null;
    return pending && typeof pending.state === 'string' && pending.provider in PROVIDER_NAMES
      ? pending
      : null;
  } catch {
    return null;
  }
}

/**
 * Reads a service's answer from the address /login was opened with (query for Canvas, fragment for Google and
 * Apple). Only an answer whose `state` matches the sign-in this tab started counts. Reading changes nothing;
 * `forgetProviderSignIn` spends the sign-in once its answer has been used.
 */
export function readProviderReturn(search: string, hash: string): ProviderReturn {
  const answer = new URLSearchParams(search);
  new URLSearchParams(hash.replace(/^#/, '')).forEach((value, name) => answer.set(name, value));
  const state = answer.get('state');
  if (state === null) return { kind: 'none' };

  const pending = readPending();
  if (!pending || pending.state !== state) return { kind: 'failed', provider: null, next: null };
  const credential = pending.provider === 'google' ? answer.get('id_token') : answer.get('code');
  return credential
    ? { kind: 'credential', provider: pending.provider, credential, next: pending.next }
    : { kind: 'failed', provider: pending.provider, next: pending.next };
}

/** Ends the round trip, so the same answer cannot be used twice (e.g. by going back in history). */
export function forgetProviderSignIn(): void {
  window.sessionStorage.removeItem(PENDING_KEY);
}

/** "Google", "Apple" or "Canvas". */
export const providerName = (provider: ThirdPartyProvider): string => PROVIDER_NAMES[provider];
