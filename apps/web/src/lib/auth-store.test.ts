import { SESSION_LOG_DEBOUNCE_MS } from '@readalong/contracts';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { recordAnalytics } from '@/test/analytics';
import { errorAnswer } from '@/test/api-mocks';
import { countCalls, profileAnswer, signedInAs } from '@/test/auth';
import { buildAccessToken, buildSessionUser } from '@/test/factories';
import { api } from './api-client';
import { ACCOUNT_TYPE, VALIDATION_REUSE_MS, accessTokenExpiry, authStore, useAuth } from './auth-store';
import { createQueryClient } from './query-client';
import { SESSION_KEY, session } from './session';
import { submittedPassages } from './submitted-passages';
import { showToast, useToasts } from './toasts';

const passage = {
  passage_id: 1,
  worksheet_id: 2,
  title: 'The Fox',
  completed_at: '2030-01-01T00:00:00.000Z',
  colour_band_id: 3,
  series_id: 1,
  score_percent: 80,
  recording_id: null,
  recording_grading_viewed: null,
};

describe('auth store: sign-in', () => {
  it('signs in, keeps the user and reports them signed in', async () => {
    countCalls('login', () => buildSessionUser({ first_name: 'Ana', login_role: 'student' }));

    const user = await authStore.signIn('ana', 'readalong');

    expect(user.first_name).toBe('Ana');
    expect(authStore.getState()).toMatchObject({
      isAuthenticated: true,
      isAuthExpired: false,
      userRole: 'student',
      token: user.access_token,
      user,
    });
    expect(JSON.parse(window.localStorage.getItem(SESSION_KEY) ?? 'null')).toMatchObject({ value: { user } });
  });

  it('sets the analytics identity to the user id and the account type to Basic', async () => {
    const analytics = recordAnalytics();
    countCalls('login', () => buildSessionUser({ user_id: 42 }));

    await authStore.signIn('dana', 'readalong');

    expect(analytics).toContainEqual({ type: 'identify', userId: '42' });
    expect(analytics).toContainEqual({ type: 'user_property', name: 'account_type', value: ACCOUNT_TYPE });
    expect(ACCOUNT_TYPE).toBe('Basic');
  });

  it('records the session start once, with the new token', async () => {
    countCalls('login', () => buildSessionUser({ access_token: 'fresh-token' }));
    const starts = countCalls('startSession', () => ({
      session_id: 's1',
      started_at: '2030-01-01T00:00:00.000Z',
    }));

    await authStore.signIn('dana', 'readalong');

    await expect.poll(() => session.current()?.is_start_recorded).toBe(true);
    expect(starts.count()).toBe(1);
    expect(starts.requests[0]?.headers.get('Authorization')).toBe('Bearer fresh-token');
  });

  it('does not record the session start again on the next page load', async () => {
    countCalls('login', () => buildSessionUser());
    const starts = countCalls('startSession', () => ({
      session_id: 's1',
      started_at: '2030-01-01T00:00:00.000Z',
    }));
    await authStore.signIn('dana', 'readalong');
    await expect.poll(() => session.current()?.is_start_recorded).toBe(true);

    const nextPageLoad = await loadFreshAuthStore();
    await nextPageLoad.ready();

    expect(nextPageLoad.getState().isAuthenticated).toBe(true);
    expect(starts.count()).toBe(1);
  });

  it('tries the session start again on the next page load when it failed', async () => {
    countCalls('login', () => buildSessionUser());
    let isServerDown = true;
    const starts = countCalls('startSession', () =>
      isServerDown
        ? errorAnswer(503, 'service_unavailable', 'Try later.')
        : { session_id: 's1', started_at: '2030-01-01T00:00:00.000Z' },
    );
    await authStore.signIn('dana', 'readalong');
    await expect.poll(() => starts.count()).toBe(1);
    expect((await loadStoredSession())?.is_start_recorded).toBe(false);
    isServerDown = false;

    const nextPageLoad = await loadFreshAuthStore();
    await nextPageLoad.ready();

    await expect.poll(() => starts.count()).toBe(2);
    await expect.poll(async () => (await loadStoredSession())?.is_start_recorded).toBe(true);
  });

  it('passes the server’s refusal on and stays signed out', async () => {
    countCalls('login', () => errorAnswer(401, 'unauthenticated', 'Incorrect username or password.'));

    await expect(authStore.signIn('dana', 'wrong')).rejects.toMatchObject({
      status: 401,
      message: 'Incorrect username or password.',
    });
    expect(authStore.getState().isAuthenticated).toBe(false);
  });
});

describe('auth store: state', () => {
  it('is signed out with nothing stored', () => {
    expect(authStore.getState()).toEqual({
      isAuthenticated: false,
      isAuthExpired: false,
      userRole: null,
      token: null,
      user: null,
    });
  });

  it('counts the session expired once the access token’s exp has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T10:00:00.000Z'));
    await signedInAs({ access_token: buildAccessToken({ expiresAt: new Date('2030-01-01T10:15:00.000Z') }) });

    expect(authStore.getState().isAuthExpired).toBe(false);
    vi.setSystemTime(new Date('2030-01-01T10:15:00.000Z'));
    expect(authStore.getState().isAuthExpired).toBe(true);
  });

  it('reads the expiry from the token, and none from a token that is not a JWT', () => {
    const expiresAt = new Date('2030-01-01T10:15:00.000Z');

    expect(accessTokenExpiry(buildAccessToken({ expiresAt }))).toBe(expiresAt.getTime());
    expect(accessTokenExpiry('not-a-jwt')).toBeNull();
    expect(accessTokenExpiry('a.%%%.c')).toBeNull();
  });

  it('gives the same state object until something changes (as useSyncExternalStore needs)', async () => {
    await signedInAs();
    const first = authStore.getState();

    expect(authStore.getState()).toBe(first);
    await session.update((stored) => ({ ...stored, last_activity_at: '2030-01-01T00:00:00.000Z' }));
    expect(authStore.getState()).toBe(first);
  });

  it('re-renders useAuth readers on sign-in and sign-out', async () => {
    const { result } = renderHook(() => useAuth());
    expect(result.current.isAuthenticated).toBe(false);

    await act(() => signedInAs({ login_role: 'owner' }));
    expect(result.current).toMatchObject({ isAuthenticated: true, userRole: 'owner' });

    await act(() => session.end());
    expect(result.current.isAuthenticated).toBe(false);
  });
});

describe('auth store: refresh', () => {
  it('sends the stored refresh token and keeps the new pair', async () => {
    await signedInAs({ refresh_token: 'old-refresh' });
    const refreshes = countCalls('refresh', () => ({
      access_token: 'new-access',
      refresh_token: 'new-refresh',
    }));

    expect(await authStore.refresh()).toBe(true);

    expect(await refreshes.requests[0]?.json()).toEqual({ refresh_token: 'old-refresh' });
    expect(authStore.getState().token).toBe('new-access');
    expect((await loadStoredSession())?.user).toMatchObject({
      access_token: 'new-access',
      refresh_token: 'new-refresh',
    });
  });

  it('spends the refresh token once when several ask at the same time', async () => {
    await signedInAs();
    const refreshes = countCalls('refresh', () => ({
      access_token: 'new-access',
      refresh_token: 'new-refresh',
    }));

    const results = await Promise.all([authStore.refresh(), authStore.refresh(), authStore.refresh()]);

    expect(results).toEqual([true, true, true]);
    expect(refreshes.count()).toBe(1);
  });

  it('answers false when the server refuses, or when signed out', async () => {
    await signedInAs();
    countCalls('refresh', () => errorAnswer(401, 'unauthenticated', 'refresh token has expired'));

    expect(await authStore.refresh()).toBe(false);
    await session.end();
    expect(await authStore.refresh()).toBe(false);
  });
});

describe('auth store: logout', () => {
  it('ends the session on the server with the current token', async () => {
    await signedInAs({ access_token: 'token-1' });
    const logouts = countCalls('logout', () => ({ success: true }));

    await authStore.logout();

    expect(logouts.requests[0]?.headers.get('Authorization')).toBe('Bearer token-1');
  });

  it.each([
    ['answers 200', () => ({ success: true }) as const],
    ['fails', () => errorAnswer(500, 'internal', 'The server had a problem.')],
  ])(
    'clears the user, stored session, query cache, submitted passages and toasts when logout %s',
    async (_, reply) => {
      await signedInAs();
      countCalls('logout', reply);
      const queryClient = createQueryClient();
      queryClient.setQueryData(['profile'], profileAnswer);
      await submittedPassages.put(3, 1, [passage]);
      showToast({ type: 'positive', message: 'Comment sent to Jonah Whitaker.' });

      await authStore.logout();

      expect(authStore.getState().isAuthenticated).toBe(false);
      expect(window.localStorage.getItem(SESSION_KEY)).toBeNull();
      expect(queryClient.getQueryData(['profile'])).toBeUndefined();
      expect(await submittedPassages.get(3, 1)).toBeNull();
      // The next user at this device does not read the last one's messages.
      expect(renderHook(() => useToasts()).result.current).toEqual([]);
    },
  );

  it('clears the user when the server cannot be reached', async () => {
    await signedInAs();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));

    await authStore.logout();

    expect(authStore.getState().user).toBeNull();
  });
});

describe('auth store: validateUser', () => {
  it('keeps the fresh access token the server hands back', async () => {
    await signedInAs({ access_token: 'old-access' });
    countCalls('validate', () => ({
      access_token: 'validated-access',
      login_role: 'teacher',
      refresh_token: null,
    }));

    expect(await authStore.validateUser()).toEqual({ ok: true });
    expect(authStore.getState().token).toBe('validated-access');
  });

  it('trusts a success for 60 seconds, then asks again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T10:00:00.000Z'));
    await signedInAs();
    const validations = countCalls('validate', () => ({
      access_token: buildAccessToken(),
      login_role: 'teacher',
      refresh_token: null,
    }));

    await authStore.validateUser();
    vi.advanceTimersByTime(VALIDATION_REUSE_MS - 1);
    await authStore.validateUser();
    expect(validations.count()).toBe(1);

    vi.advanceTimersByTime(1);
    await authStore.validateUser();
    expect(validations.count()).toBe(2);
  });

  it('reports the status and the server’s message of a refusal', async () => {
    await signedInAs();
    countCalls('validate', () => errorAnswer(401, 'unauthenticated', 'password has been changed'));

    expect(await authStore.validateUser()).toEqual({
      ok: false,
      status: 401,
      message: 'password has been changed',
    });
  });

  it('validates a new sign-in afresh, not trusting the previous session’s success', async () => {
    await signedInAs();
    let isAccountDisabled = false;
    const validations = countCalls('validate', () =>
      isAccountDisabled
        ? errorAnswer(401, 'unauthenticated', 'account is disabled')
        : { access_token: buildAccessToken(), login_role: 'teacher', refresh_token: null },
    );
    await authStore.validateUser();
    await session.end();
    await signedInAs();
    isAccountDisabled = true;

    expect(await authStore.validateUser()).toMatchObject({ ok: false, status: 401 });
    expect(validations.count()).toBe(2);
  });
});

describe('auth store: session-log action', () => {
  it('runs at most once per 500 ms window of authenticated requests', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T10:00:00.000Z'));
    await signedInAs();
    countCalls('getProfile', () => profileAnswer);
    const analytics = recordAnalytics();
    const activityEvents = () =>
      analytics.filter((call) => call.type === 'event' && call.event === 'session_activity');

    await api('getProfile');
    vi.advanceTimersByTime(100);
    await api('getProfile');
    vi.advanceTimersByTime(SESSION_LOG_DEBOUNCE_MS - 101);
    await api('getProfile');
    expect(activityEvents()).toHaveLength(1);

    vi.advanceTimersByTime(1);
    await api('getProfile');
    expect(activityEvents()).toHaveLength(2);
  });

  it('records the last activity time in the stored session', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T10:00:00.000Z'));
    await signedInAs();
    countCalls('getProfile', () => profileAnswer);

    await api('getProfile');

    await expect
      .poll(async () => (await loadStoredSession())?.last_activity_at)
      .toBe('2030-01-01T10:00:00.000Z');
  });

  it('does not run for requests made while signed out', async () => {
    const analytics = recordAnalytics();
    countCalls('validateResetLink', () => ({ valid: true, expires_at: '2030-01-01T00:00:00.000Z' }));

    await api('validateResetLink', { query: { key: 'k' } });

    expect(analytics).toEqual([]);
  });

  it('is ignored when it fails: the request still succeeds', async () => {
    await signedInAs();
    countCalls('getProfile', () => profileAnswer);
    const throwing = () => {
      throw new Error('analytics is down');
    };
    const { setAnalyticsSink } = await import('./analytics');
    setAnalyticsSink({ identify: throwing, setUserProperty: throwing, track: throwing });

    await expect(api('getProfile')).resolves.toEqual(profileAnswer);
  });
});

/** What a new page load would read from the browser. */
async function loadStoredSession() {
  const { createSession } = await import('./session');
  return createSession({ channelName: `reader-${Math.random()}` }).load();
}

/** The auth store as a new page load builds it: fresh modules over the same browser storage. */
async function loadFreshAuthStore() {
  vi.resetModules();
  const fresh = await import('./auth-store');
  return fresh.authStore;
}
