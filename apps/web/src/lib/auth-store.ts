/**
 * THE auth store (docs/rules.md C4–C8): who is signed in, whether their access token has run
 * out, and the actions that change that. Screens read it with `useAuth()`; route guards call `authStore.*`.
 * The user and tokens live in lib/session (persisted); this module adds the behaviour around them.
 */
import {
  SESSION_ERROR_FALLBACK_MESSAGE,
  SESSION_ERROR_MESSAGES,
  SESSION_LOG_DEBOUNCE_MS,
  type Role,
  type SessionUser,
} from '@readalong/contracts';
import { useSyncExternalStore } from 'react';
import { paths } from '@/config/paths';
import { identify, setUserProperty, track } from './analytics';
import { ApiError, api, connectAuth } from './api-client';
import { currentPath, goTo } from './navigation';
import { clearQueryCaches } from './query-client';
import { session, type StoredSession } from './session';
import { submittedPassages } from './submitted-passages';
import { dismissAllToasts, showToast } from './toasts';

export interface AuthState {
  isAuthenticated: boolean;
  /** The access token's `exp` has passed (docs/rules.md C6): refresh before trusting the session. */
  isAuthExpired: boolean;
  userRole: Role | null;
  token: string | null;
  user: SessionUser | null;
}

export type ValidationResult = { ok: true } | { ok: false; status: number; message: string };

/** Every signed-in user is a Basic account as far as analytics is concerned. */
export const ACCOUNT_TYPE = 'Basic';
/** A successful GET /validate is trusted for this long, so moving between pages does not ask every time. */
export const VALIDATION_REUSE_MS = 60_000;
/** Signing out waits this long for POST /logout at most: the client has no timeout, and leaving must not hang. */
export const LOGOUT_WAIT_MS = 5_000;
/** setTimeout cannot wait longer than this (about 24.8 days). */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

const SIGNED_OUT: AuthState = {
  isAuthenticated: false,
  isAuthExpired: false,
  userRole: null,
  token: null,
  user: null,
};

const listeners = new Set<() => void>();
let snapshot: AuthState = SIGNED_OUT;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
let restoring: Promise<void> | undefined;
let refreshing: Promise<boolean> | undefined;
let validating: Promise<ValidationResult> | undefined;
let lastValidation: { signedInAt: string; at: number } | null = null;
let sessionLogWindowStart = Number.NEGATIVE_INFINITY;
let sessionStartInFlight: string | null = null;
let losingSession: Promise<void> | undefined;

/**
 * When the access token runs out, in milliseconds since the epoch: its JWT `exp` claim. Null when the token is
 * not a JWT with a numeric `exp`; such a token never counts as expired here, and the server's 401 decides.
 */
export function accessTokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    const exp = typeof claims === 'object' && claims !== null && 'exp' in claims ? claims.exp : undefined;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

function isExpired(token: string): boolean {
  const expiry = accessTokenExpiry(token);
  return expiry !== null && expiry <= Date.now();
}

function getState(): AuthState {
  const user = session.current()?.user;
  if (!user) return SIGNED_OUT;
  const isAuthExpired = isExpired(user.access_token);
  // useSyncExternalStore needs the same object back while nothing a reader sees has changed.
  if (snapshot.user !== user || snapshot.isAuthExpired !== isAuthExpired) {
    snapshot = {
      isAuthenticated: true,
      isAuthExpired,
      userRole: user.login_role,
      token: user.access_token,
      user,
    };
  }
  return snapshot;
}

const notify = () => listeners.forEach((listener) => listener());

/** Re-renders readers the moment the access token runs out, so `isAuthExpired` is never stale on screen. */
function watchExpiry(): void {
  clearTimeout(expiryTimer);
  const token = session.current()?.user.access_token;
  const expiry = token === undefined ? null : accessTokenExpiry(token);
  if (expiry === null) return;
  const wait = expiry - Date.now() + 1;
  if (wait > 0 && wait <= LONGEST_TIMER_MS) expiryTimer = setTimeout(notify, wait);
}

/** What belongs to one sign-in session is forgotten when it ends. */
function forgetSessionState(): void {
  lastValidation = null;
  sessionLogWindowStart = Number.NEGATIVE_INFINITY;
}

session.subscribe(() => {
  if (!session.current()) forgetSessionState();
  watchExpiry();
  notify();
});

const isSameSession = (stored: StoredSession | null, signedInAt: string) =>
  stored?.signed_in_at === signedInAt;

/** Applies `change` only if the session that started the work is still the one signed in. */
function updateIfStill(signedInAt: string, change: (stored: StoredSession) => StoredSession): Promise<void> {
  return session.update((stored) => (isSameSession(stored, signedInAt) ? change(stored) : stored));
}

function identifyUser(user: SessionUser): void {
  identify(String(user.user_id));
  setUserProperty('account_type', ACCOUNT_TYPE);
}

/**
 * POST /session/start, once per sign-in session (docs/rules.md S11). Success is remembered in the stored session, so a
 * reload does not count a new session; a failure is tried again on the next page load.
 */
async function recordSessionStart(): Promise<void> {
  const stored = session.current();
  if (!stored || stored.is_start_recorded || sessionStartInFlight === stored.signed_in_at) return;
  sessionStartInFlight = stored.signed_in_at;
  try {
    await api('startSession');
    await updateIfStill(stored.signed_in_at, (current) => ({ ...current, is_start_recorded: true }));
  } catch {
    // Not worth troubling the user over; the next page load tries again.
  } finally {
    sessionStartInFlight = null;
  }
}

/**
 * The session-log action (C5), run by the API client on every authenticated request, at most once per
 * SESSION_LOG_DEBOUNCE_MS window: the first request of a window runs it, the rest of that window's requests do
 * not. Its failure is ignored.
 *
 * What it logs is our decision (C5): it records the session's last activity time in the
 * stored session (`last_activity_at`) and sends an analytics `session_activity` event. It makes no server call,
 * so it cannot itself cause another authenticated request.
 */
export function logSessionActivity(): void {
  const now = Date.now();
  if (now - sessionLogWindowStart < SESSION_LOG_DEBOUNCE_MS) return;
  sessionLogWindowStart = now;
  const at = new Date(now).toISOString();
  try {
    session.update((stored) => ({ ...stored, last_activity_at: at })).catch(() => undefined);
    track('session_activity', { at });
  } catch {
    // docs/rules.md C5: a failed session-log action is ignored.
  }
}

async function restore(): Promise<void> {
  const stored = await session.load();
  if (!stored) return;
  // Analytics starts blank on every page load; the identity is set again for the user already signed in.
  identifyUser(stored.user);
  void recordSessionStart();
}

async function beginSession(user: SessionUser): Promise<SessionUser> {
  await session.start(user);
  identifyUser(user);
  void recordSessionStart();
  return user;
}

async function signIn(username: string, password: string): Promise<SessionUser> {
  return beginSession(await api('login', { body: { username, password, login_type: 'username' } }));
}

export type ThirdPartyProvider = 'google' | 'apple' | 'canvas';

/**
 * Signs in with what a third-party identity service handed back: Google's ID token (JWT), Apple's authorization
 * code or Canvas's OAuth2 code. The server answers 501 until that provider is set up there.
 */
export async function signInWithProvider(
  provider: ThirdPartyProvider,
  credential: string,
): Promise<SessionUser> {
  const body = {
    google: { login_type: 'google', google_jwt: credential },
    apple: { login_type: 'apple', apple_auth_grant_code: credential },
    canvas: { login_type: 'canvas', canvas_code: credential },
  } as const;
  return beginSession(await api('login', { body: body[provider] }));
}

async function refreshTokens(): Promise<boolean> {
  const stored = await session.load();
  if (!stored) return false;
  try {
    const pair = await api('refresh', { body: { refresh_token: stored.user.refresh_token } });
    await updateIfStill(stored.signed_in_at, (current) => ({
      ...current,
      user: { ...current.user, ...pair },
    }));
    return isSameSession(session.current(), stored.signed_in_at);
  } catch {
    return false;
  }
}

/** Waits for `work` to settle, but no longer than `milliseconds`; its outcome is ignored. */
function settledWithin(work: Promise<unknown>, milliseconds: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, milliseconds);
    work
      .catch(() => undefined)
      .finally(() => {
        clearTimeout(timer);
        resolve();
      });
  });
}

async function logout(): Promise<void> {
  const wasSignedIn = (await session.load()) !== null;
  if (wasSignedIn) {
    // docs/rules.md C8: a failed logout call is ignored; the user is cleared whatever happens.
    await settledWithin(api('logout'), LOGOUT_WAIT_MS);
  }
  await Promise.allSettled([session.end(), submittedPassages.clear()]);
  // Cached answers and the messages on screen belong to the user who just left (C8).
  clearQueryCaches();
  dismissAllToasts();
  identify(null);
}

async function callValidate(stored: StoredSession): Promise<ValidationResult> {
  try {
    const answer = await api('validate');
    // The server's role is the truth: a role changed since sign-in takes effect now.
    await updateIfStill(stored.signed_in_at, (current) => ({
      ...current,
      user: { ...current.user, access_token: answer.access_token, login_role: answer.login_role },
    }));
    lastValidation = { signedInAt: stored.signed_in_at, at: Date.now() };
    return { ok: true };
  } catch (error) {
    lastValidation = null;
    const status = error instanceof ApiError ? error.status : 0;
    return { ok: false, status, message: error instanceof Error ? error.message : String(error) };
  }
}

async function validateUser(): Promise<ValidationResult> {
  const stored = await session.load();
  if (!stored) return { ok: false, status: 401, message: 'Please sign in.' };
  const isRecent =
    lastValidation?.signedInAt === stored.signed_in_at &&
    Date.now() - lastValidation.at < VALIDATION_REUSE_MS;
  if (isRecent) return { ok: true };
  return (validating ??= callValidate(stored).finally(() => (validating = undefined)));
}

export const authStore = {
  /** Resolves once the persisted session has been restored. */
  ready: (): Promise<void> => (restoring ??= restore()),
  /** The auth state now; `isAuthExpired` is worked out from the access token's `exp` at each call. */
  getState,
  /** Calls `listener` after every change of the state (for useSyncExternalStore). */
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Signs in with username and password, keeps the user, records the session start and sets analytics. */
  signIn,
  /**
   * POST /refresh with the stored refresh token and keeps the new pair; false when it fails. Calls made at the
   * same time share one refresh, because a refresh token works once.
   */
  refresh: (): Promise<boolean> => (refreshing ??= refreshTokens().finally(() => (refreshing = undefined))),
  /**
   * POST /logout, ignoring failure, then ALWAYS clears the user, the persisted session, the TanStack Query cache
   * and the cached submitted passages.
   */
  logout,
  /**
   * GET /validate; on success keeps its fresh access token (and role). A success is reused for up to 60 s.
   * A failure gives the status (0 when the server could not be reached) and the server's message.
   */
  validateUser,
};

/** The message to show when the server ends a session (docs/rules.md C6), chosen by the server's error text. */
export function sessionEndedMessage(serverText: string): string {
  return SESSION_ERROR_MESSAGES[serverText] ?? SESSION_ERROR_FALLBACK_MESSAGE;
}

/**
 * Logs out and shows the negative toast that says why (docs/rules.md C1, C6). The caller then sends the user
 * to login with `next`; route guards do that with a redirect.
 */
export async function endSessionWithNotice(serverText: string): Promise<void> {
  await authStore.logout();
  showToast({ type: 'negative', message: sessionEndedMessage(serverText) });
}

/** A 401 that a refresh could not cure: out, with a reason, to login and back here afterwards. */
function onSessionLost(serverText: string): Promise<void> {
  if (!session.current()) return Promise.resolve();
  // Many calls can fail at once; the user hears about it once.
  return (losingSession ??= (async () => {
    const next = currentPath();
    await endSessionWithNotice(serverText);
    goTo(paths.login.getHref(next));
  })().finally(() => (losingSession = undefined)));
}

connectAuth({
  accessToken: async () => {
    await authStore.ready();
    return session.current()?.user.access_token ?? null;
  },
  onAuthenticatedRequest: logSessionActivity,
  refresh: authStore.refresh,
  onSessionLost,
});

// Start reading the stored session now, so the first screen rarely waits for it.
void authStore.ready();

/** The auth state, re-rendering the component when it changes. */
export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState);
}
