import { contracts, routePath } from '@readalong/contracts';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { API_BASE } from '@/lib/api-client';
import { session } from '@/lib/session';

/**
 * Calls the app makes in the background on its own (not because of what a test does) get a plain success, so
 * a test that does not care about them need not answer them. A test that does overrides them with `answer()`.
 */
const backgroundCalls = [
  // Once per sign-in session (lib/auth-store), including sessions a test puts in place with session.start().
  http.post(API_BASE + routePath(contracts.startSession), () =>
    HttpResponse.json({ session_id: 'test-session', started_at: '2030-01-01T00:00:00.000Z' }),
  ),
  // The navigation guard's server check (docs/rules.md C1): the server agrees with the signed-in user it is sent.
  http.get(API_BASE + routePath(contracts.validate), ({ request }) => {
    const user = session.current()?.user;
    const token = request.headers.get('Authorization')?.replace(/^Bearer /, '');
    if (!user || !token) {
      return HttpResponse.json(
        { error: { code: 'unauthenticated', message: 'Please sign in.' } },
        { status: 401 },
      );
    }
    return HttpResponse.json({ access_token: token, login_role: user.login_role, refresh_token: null });
  }),
  // Every signed-in header shows the unread count (app/layouts/notifications-button.tsx): none unless a test says so.
  http.get(API_BASE + routePath(contracts.listNotifications), () =>
    HttpResponse.json({ notifications: [], unread_count: 0 }),
  ),
  // Leaving a book logs the reading (shared/reader/use-reading-progress.ts), including when a test unmounts it.
  http.post(API_BASE + routePath(contracts.logReadingActivity), () => HttpResponse.json({ success: true })),
  // An acknowledged read-aloud upload logs the recording activity (lib/recording-outbox).
  http.post(API_BASE + routePath(contracts.logRecordingActivity), () => HttpResponse.json({ success: true })),
];

/** The mock API for web tests; each test adds the answers it needs with `answer()` (test/api-mocks.ts). */
export const server = setupServer(...backgroundCalls);
