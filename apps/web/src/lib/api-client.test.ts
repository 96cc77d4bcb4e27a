import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished } from 'vitest';
import { answer, errorAnswer } from '@/test/api-mocks';
import { countCalls, profileAnswer, signedInAs } from '@/test/auth';
import { server } from '@/test/server';
import { buildSessionUser } from '@/test/factories';
import { api, ApiError, fieldErrorsOf } from './api-client';
import { authStore } from './auth-store';
import { connectNavigator } from './navigation';
import { session } from './session';
import { getToasts } from './toasts';

describe('api client', () => {
  it('fills path parameters and sends the JSON body', async () => {
    let seen: { url: string; body: unknown } | undefined;
    answer('changePasswordUnsigned', async (request) => {
      seen = { url: request.url, body: await request.json() };
      return { success: true };
    });

    await api('changePasswordUnsigned', { params: { key: 'a b/c' }, body: { new_password: 'long enough' } });

    expect(seen?.url).toBe(`${window.location.origin}/api/password/change-unsigned/a%20b%2Fc`);
    expect(seen?.body).toEqual({ new_password: 'long enough' });
  });

  it('sends the query and parses the answer with the contract', async () => {
    answer('validateResetLink', (request) => {
      expect(new URL(request.url).searchParams.get('key')).toBe('reset-key');
      return { valid: true, expires_at: '2030-01-01T00:00:00.000Z' };
    });

    await expect(api('validateResetLink', { query: { key: 'reset-key' } })).resolves.toEqual({
      valid: true,
      expires_at: '2030-01-01T00:00:00.000Z',
    });
  });

  it('carries the access token while signed in, and none while signed out', async () => {
    const headers: (string | null)[] = [];
    answer('startSession', (request) => {
      headers.push(request.headers.get('Authorization'));
      return { session_id: 's1', started_at: '2030-01-01T00:00:00.000Z' };
    });

    await api('startSession');
    await session.start(buildSessionUser({ access_token: 'token-9' }));
    await api('startSession');

    expect(headers).toEqual([null, 'Bearer token-9']);
  });

  it('sends form data for a multipart contract', async () => {
    let contentType: string | null = null;
    let body = '';
    answer('updateProfilePicture', async (request) => {
      contentType = request.headers.get('content-type');
      // Read as text: jsdom's Blob and Node's fetch live in different realms, so on Node 24 the file's bytes do
      // not cross over in tests; its part, name and type do (a browser sends all of it).
      body = await request.text();
      return { profile_pic_url: 'https://files.example.test/me.png' };
    });

    await api('updateProfilePicture', { body: { file: new Blob(['png-bytes'], { type: 'image/png' }) } });

    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(body).toMatch(/name="file"/);
    expect(body).toContain('Content-Type: image/png');
  });

  it('sends a form’s text fields before its file, so the server reads them first', async () => {
    let body = '';
    answer('contactUsPublic', async (request) => {
      body = await request.text();
      return { success: true };
    });

    await api('contactUsPublic', {
      body: {
        file: new Blob(['png-bytes'], { type: 'image/png' }),
        name: 'Sam',
        email: 'sam@example.test',
        message: 'Hello',
      },
    });

    const at = (field: string) => body.indexOf(`name="${field}"`);
    expect(at('name')).toBeGreaterThan(-1);
    expect(at('file')).toBeGreaterThan(at('message'));
    expect(at('message')).toBeGreaterThan(at('name'));
  });

  it('throws an ApiError with the envelope’s status, code, message and fields', async () => {
    answer('recoverPassword', () =>
      errorAnswer(400, 'bad_request', 'Some fields are not right.', {
        'query.email': 'must be an email address',
      }),
    );

    const error = await api('recoverPassword', {
      query: { email: 'not-an-email' },
      body: { app_url: 'https://app.example.test' },
    }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'bad_request', message: 'Some fields are not right.' });
    expect(fieldErrorsOf(error, 'query')).toEqual({ email: 'must be an email address' });
  });

  it('turns an answer that is not JSON into an ApiError', async () => {
    // Untyped on purpose: `answer()` would refuse a reply outside the contract.
    server.use(http.post('/api/logout', () => new HttpResponse('<html>a proxy’s page</html>')));

    await expect(api('logout')).rejects.toMatchObject({
      status: 200,
      code: 'internal',
      message: 'The server sent an answer this app does not understand.',
    });
  });
});

describe('api client: a 401 while signed in', () => {
  /** Answers getProfile with 401 for `staleToken` and the profile for any other token. */
  const profileRefusing = (staleToken: string) =>
    countCalls('getProfile', (request) =>
      request.headers.get('Authorization') === `Bearer ${staleToken}`
        ? errorAnswer(401, 'unauthenticated', 'token has expired')
        : profileAnswer,
    );

  /** Points lib/navigation at a fake address bar. */
  const fakeAddressBar = (path: string) => {
    const visited: string[] = [];
    onTestFinished(connectNavigator({ currentPath: () => path, go: (href) => visited.push(href) }));
    return visited;
  };

  it('refreshes the tokens once and retries the call with the new one', async () => {
    await signedInAs({ access_token: 'stale', refresh_token: 'refresh-1' });
    const profile = profileRefusing('stale');
    const refreshes = countCalls('refresh', () => ({ access_token: 'renewed', refresh_token: 'refresh-2' }));

    await expect(api('getProfile')).resolves.toEqual(profileAnswer);

    expect(refreshes.count()).toBe(1);
    expect(profile.requests.map((request) => request.headers.get('Authorization'))).toEqual([
      'Bearer stale',
      'Bearer renewed',
    ]);
    expect(authStore.getState().isAuthenticated).toBe(true);
  });

  it('signs out, explains why and goes to login with next when the refresh fails', async () => {
    await signedInAs({ access_token: 'stale' });
    countCalls('getProfile', () => errorAnswer(401, 'unauthenticated', 'password has been changed'));
    countCalls('refresh', () => errorAnswer(401, 'unauthenticated', 'password has been changed'));
    countCalls('logout', () => errorAnswer(401, 'unauthenticated', 'password has been changed'));
    const visited = fakeAddressBar('/teacher/class?tab=2');

    await expect(api('getProfile')).rejects.toMatchObject({ status: 401 });

    expect(authStore.getState().isAuthenticated).toBe(false);
    expect(visited).toEqual(['/login?next=%2Fteacher%2Fclass%3Ftab%3D2']);
    expect(getToasts()).toMatchObject([
      { type: 'negative', message: 'Your password has been changed, please re-login!' },
    ]);
  });

  it('uses the general message for a reason it does not know', async () => {
    await signedInAs();
    countCalls('getProfile', () => errorAnswer(401, 'unauthenticated', 'session has ended'));
    countCalls('refresh', () => errorAnswer(401, 'unauthenticated', 'session has ended'));
    countCalls('logout', () => errorAnswer(401, 'unauthenticated', 'session has ended'));
    fakeAddressBar('/home');

    await api('getProfile').catch(() => undefined);

    expect(getToasts()).toMatchObject([{ type: 'negative', message: 'You have been logged out!' }]);
  });

  it('signs out when the retried call is refused too', async () => {
    await signedInAs();
    countCalls('getProfile', () => errorAnswer(401, 'unauthenticated', 'account is disabled'));
    countCalls('refresh', () => ({ access_token: 'renewed', refresh_token: 'refresh-2' }));
    countCalls('logout', () => ({ success: true }));
    const visited = fakeAddressBar('/home');

    await expect(api('getProfile')).rejects.toMatchObject({ status: 401 });

    expect(authStore.getState().isAuthenticated).toBe(false);
    expect(visited).toEqual(['/login?next=%2Fhome']);
    expect(getToasts()).toMatchObject([{ message: 'Your account has been disabled!' }]);
  });

  it('refreshes once and tells the user once when many calls fail together', async () => {
    await signedInAs();
    countCalls('getProfile', () => errorAnswer(401, 'unauthenticated', 'session has ended'));
    const refreshes = countCalls('refresh', () => errorAnswer(401, 'unauthenticated', 'session has ended'));
    countCalls('logout', () => ({ success: true }));
    const visited = fakeAddressBar('/home');

    await Promise.allSettled([api('getProfile'), api('getProfile'), api('getProfile')]);

    expect(refreshes.count()).toBe(1);
    expect(visited).toHaveLength(1);
    expect(getToasts()).toHaveLength(1);
  });

  it.each(['login', 'validate'] as const)('does not refresh after a 401 from %s', async (name) => {
    await signedInAs();
    const refreshes = countCalls('refresh', () => ({ access_token: 'renewed', refresh_token: 'refresh-2' }));
    countCalls(name, () => errorAnswer(401, 'unauthenticated', 'password has been changed'));

    const call =
      name === 'login' ? api('login', { body: { username: 'dana', password: 'x' } }) : api('validate');

    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(refreshes.count()).toBe(0);
    expect(authStore.getState().isAuthenticated).toBe(true);
  });

  it('leaves a 401 to a signed-out caller alone', async () => {
    const refreshes = countCalls('refresh', () => ({ access_token: 'renewed', refresh_token: 'refresh-2' }));
    countCalls('getProfile', () => errorAnswer(401, 'unauthenticated', 'Please sign in.'));

    await expect(api('getProfile')).rejects.toMatchObject({ status: 401, message: 'Please sign in.' });
    expect(refreshes.count()).toBe(0);
    expect(getToasts()).toEqual([]);
  });
});
