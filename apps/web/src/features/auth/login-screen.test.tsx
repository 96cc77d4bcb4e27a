import { ROLES } from '@readalong/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ROLE_HOMES, paths } from '@/config/paths';
import { authStore } from '@/lib/auth-store';
import { recordAnalytics } from '@/test/analytics';
import { answer, errorAnswer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { buildSessionUser } from '@/test/factories';
import { renderApp } from '@/test/render-app';
import { browser } from './third-party-sign-in';

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], username: string, password: string) {
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** Configures all three identity services for this test. */
function configureProviders() {
  vi.stubEnv('VITE_GOOGLE_CLIENT_ID', 'google-client.apps.googleusercontent.com');
  vi.stubEnv('VITE_APPLE_CLIENT_ID', 'test.readalong.web');
  vi.stubEnv('VITE_CANVAS_URL', 'https://school.instructure.test');
  vi.stubEnv('VITE_CANVAS_CLIENT_ID', '10000000000001');
}

/** Clicks a provider's button and returns the address the browser was sent to. */
async function leaveThrough(user: ReturnType<typeof renderApp>['user'], buttonName: string): Promise<URL> {
  const leaveFor = vi.spyOn(browser, 'leaveFor').mockImplementation(() => undefined);
  await user.click(await screen.findByRole('button', { name: buttonName }));
  const [target] = leaveFor.mock.calls.at(-1) ?? [];
  return new URL(target ?? 'about:blank');
}

describe('login screen', () => {
  it.each(ROLES)('signs a %s in and lands on their home', async (role) => {
    let sentBody: unknown;
    answer('login', async (request) => {
      sentBody = await request.json();
      return buildSessionUser({ first_name: 'Dana', login_role: role });
    });
    const { router, user } = renderApp('/login');

    await fillAndSubmit(user, 'demo.user', 'readalong');

    await waitFor(() => expect(router.state.location.pathname).toBe(ROLE_HOMES[role]));
    expect(sentBody).toEqual({ username: 'demo.user', password: 'readalong', login_type: 'username' });
    expect(authStore.getState()).toMatchObject({ isAuthenticated: true, userRole: role });
  });

  it('sets the analytics identity and the Basic account type on sign-in', async () => {
    const analytics = recordAnalytics();
    answer('login', () => buildSessionUser({ user_id: 31 }));
    const { router, user } = renderApp('/login');

    await fillAndSubmit(user, 'demo.teacher', 'readalong');

    await waitFor(() => expect(router.state.location.pathname).toBe(ROLE_HOMES.teacher));
    expect(analytics).toContainEqual({ type: 'identify', userId: '31' });
    expect(analytics).toContainEqual({ type: 'user_property', name: 'account_type', value: 'Basic' });
  });

  it('shows the server’s message for a wrong password', async () => {
    answer('login', () => errorAnswer(401, 'unauthenticated', 'Wrong username or password.'));
    const { router, user } = renderApp('/login');

    await fillAndSubmit(user, 'demo.student', 'not-the-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password.');
    expect(router.state.location.pathname).toBe('/login');
    expect(authStore.getState().isAuthenticated).toBe(false);
  });

  it('tells a disabled account so in the catalogue’s words (C6)', async () => {
    answer('login', () => errorAnswer(401, 'unauthenticated', 'account is disabled'));
    const { user } = renderApp('/login');

    await fillAndSubmit(user, 'demo.student', 'readalong');

    expect(await screen.findByRole('alert')).toHaveTextContent('Your account has been disabled!');
  });

  it('checks empty fields with the contract’s rules before calling the server, and goes to the first', async () => {
    const logins = countCalls('login', () => buildSessionUser());
    const { user } = renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('username is required')).toBeInTheDocument();
    expect(screen.getByText('password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveFocus();
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('username is required');
    expect(logins.count()).toBe(0);
  });

  it('shows field errors the server reports next to their fields', async () => {
    answer('login', () =>
      errorAnswer(400, 'bad_request', 'Some fields are not right.', { 'body.username': 'no such username' }),
    );
    const { user } = renderApp('/login');

    await fillAndSubmit(user, 'nobody', 'whatever');

    expect(await screen.findByText('no such username')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('no such username');
  });

  it('goes back to the address the user first asked for', async () => {
    answer('login', () => buildSessionUser({ login_role: 'teacher' }));
    const { router, user } = renderApp(paths.insights.getHref());

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?next=%2Finsights');
    await fillAndSubmit(user, 'demo.teacher', 'readalong');

    await waitFor(() => expect(router.state.location.pathname).toBe('/insights'));
  });

  it('ignores a next address outside the app', async () => {
    answer('login', () => buildSessionUser({ login_role: 'student' }));
    const { router, user } = renderApp('/login?next=%2F%2Fevil.example%2Fphish');

    await fillAndSubmit(user, 'demo.student', 'readalong');

    await waitFor(() => expect(router.state.location.pathname).toBe(ROLE_HOMES.student));
  });

  it('sends a signed-in user who opens it to the landing page', async () => {
    await signedInAs();
    const { router } = renderApp('/login');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('links to the forgotten-password page', async () => {
    const { router, user } = renderApp('/login');

    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.forgetPassword.getHref());
  });
});

describe('login screen: third-party sign-in', () => {
  it('offers no third-party buttons when none is configured', async () => {
    renderApp('/login');

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /with (Google|Apple|Canvas)/ })).not.toBeInTheDocument();
  });

  it('offers a button for each configured service, and only those', async () => {
    vi.stubEnv('VITE_GOOGLE_CLIENT_ID', 'google-client.apps.googleusercontent.com');
    vi.stubEnv('VITE_CANVAS_URL', 'https://school.instructure.test');
    renderApp('/login');

    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Canvas' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with Apple' })).not.toBeInTheDocument();
  });

  it.each([
    ['Sign in with Google', 'accounts.google.com', 'id_token'],
    ['Sign in with Apple', 'appleid.apple.com', 'code'],
    ['Sign in with Canvas', 'school.instructure.test', 'code'],
  ])('“%s” sends the browser to %s, to come back to /login', async (buttonName, host, responseType) => {
    configureProviders();
    const { user } = renderApp('/login');

    const target = await leaveThrough(user, buttonName);

    expect(target.host).toBe(host);
    expect(target.searchParams.get('response_type')).toBe(responseType);
    expect(target.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/login`);
    expect(target.searchParams.get('state')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('finishes a Canvas sign-in when Canvas sends the browser back, then goes to next', async () => {
    configureProviders();
    let sentBody: unknown;
    answer('login', async (request) => {
      sentBody = await request.json();
      return buildSessionUser({ login_role: 'teacher' });
    });
    const first = renderApp('/login?next=%2Finsights');
    const state = (await leaveThrough(first.user, 'Sign in with Canvas')).searchParams.get('state') ?? '';
    first.unmount();

    const { router } = renderApp(`/login?code=canvas-code-1&state=${state}`);

    await waitFor(() => expect(router.state.location.pathname).toBe('/insights'));
    expect(sentBody).toEqual({ login_type: 'canvas', canvas_code: 'canvas-code-1' });
  });

  it('finishes a Google sign-in from the ID token in the address’s fragment', async () => {
    configureProviders();
    const logins = countCalls('login', () => buildSessionUser({ login_role: 'student' }));
    const first = renderApp('/login');
    const state = (await leaveThrough(first.user, 'Sign in with Google')).searchParams.get('state') ?? '';
    first.unmount();

    const { router } = renderApp(`/login#id_token=google-jwt&state=${state}`);

    await waitFor(() => expect(router.state.location.pathname).toBe(ROLE_HOMES.student));
    expect(await logins.requests[0]?.json()).toEqual({ login_type: 'google', google_jwt: 'google-jwt' });
  });

  it('refuses an answer this tab did not ask for', async () => {
    configureProviders();
    const logins = countCalls('login', () => buildSessionUser());

    renderApp('/login?code=stolen-code&state=not-ours');

    expect(await screen.findByRole('alert')).toHaveTextContent('That sign-in could not be finished');
    expect(logins.count()).toBe(0);
  });

  it('shows the server’s answer when the service is not set up there', async () => {
    configureProviders();
    answer('login', () =>
      errorAnswer(
        501,
        'not_implemented',
        'Sign-in with Apple is not set up on this server. Use your username.',
      ),
    );
    const first = renderApp('/login');
    const state = (await leaveThrough(first.user, 'Sign in with Apple')).searchParams.get('state') ?? '';
    first.unmount();

    renderApp(`/login#code=apple-code&state=${state}`);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sign-in with Apple is not set up on this server.',
    );
    expect(authStore.getState().isAuthenticated).toBe(false);
  });
});
