import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answer, errorAnswer } from '@/test/api-mocks';
import { server } from '@/test/server';
import { buildSessionUser } from '@/test/factories';
import { api, ApiError, fieldErrorsOf } from './api-client';
import { session } from './session';

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

  it('turns an answer outside the contract into an ApiError', async () => {
    // Untyped on purpose: `answer()` would refuse a reply outside the contract.
    server.use(http.post('/api/logout', () => HttpResponse.json({ done: 'yes' })));

    await expect(api('logout')).rejects.toMatchObject({ status: 200, code: 'internal' });
  });
});
