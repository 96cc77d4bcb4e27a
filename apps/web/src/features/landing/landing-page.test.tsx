import { ROLES, type Role } from '@readalong/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROLE_HOMES } from '@/config/paths';
import { authStore } from '@/lib/auth-store';
import { answer, errorAnswer } from '@/test/api-mocks';
import { signedInAs } from '@/test/auth';
import { buildAccessToken } from '@/test/factories';
import { renderApp } from '@/test/render-app';

async function openLandingAs(role: Role, overrides: Parameters<typeof signedInAs>[0] = {}) {
  const { access_token } = await signedInAs({ login_role: role, first_name: 'Amir', ...overrides });
  // Validation hands back the token the session keeps using.
  answer('validate', () => ({ access_token, login_role: role, refresh_token: null }));
  return renderApp('/');
}

async function signOut(user: ReturnType<typeof renderApp>['user']) {
  const menu = await screen.findByRole('button', { name: /^Account menu/ });
  await user.click(menu);
  // On a busy machine the page can still be settling as the menu opens, and close it; a person opens it again.
  const signOutItem = await screen
    .findByRole('menuitem', { name: 'Sign out' }, { timeout: 2000 })
    .catch(async () => {
      await user.click(menu);
      return screen.findByRole('menuitem', { name: 'Sign out' });
    });
  await user.click(signOutItem);
}

describe('landing page', () => {
  it('greets the user by first name and shows their role', async () => {
    await openLandingAs('department_head');

    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Amir!' })).toBeInTheDocument();
    expect(screen.getByText('Department head')).toBeInTheDocument();
    expect(document.title).toBe('Welcome · ReadAlong');
  });

  it.each(ROLES)('offers a %s a card per area, their home first', async (role) => {
    await openLandingAs(role);

    const areas = await screen.findByRole('list', { name: 'Your areas' });
    const links = within(areas).getAllByRole('link');
    expect(links[0]).toHaveAttribute('href', ROLE_HOMES[role]);
    expect(links[0]).toHaveAccessibleName(expect.stringContaining('your home'));
    expect(links.length).toBeGreaterThan(1);
  });

  it.each<[Role, string, boolean]>([
    ['student', 'Power builders', true],
    ['student', 'Manage', false],
    ['teacher', 'Manage', true],
    ['teacher', 'District', false],
    ['owner', 'Assignments', true],
    ['department_head', 'District', true],
  ])('shows a %s the “%s” card: %s', async (role, area, isShown) => {
    await openLandingAs(role);

    const areas = await screen.findByRole('list', { name: 'Your areas' });
    const card = within(areas).queryByRole('link', { name: new RegExp(`^${area}`) });
    expect(card !== null).toBe(isShown);
  });

  it('has no navigation bar', async () => {
    await openLandingAs('student');

    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Amir!' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('signs out on the server and here', async () => {
    const accessToken = buildAccessToken({ userId: 11 });
    let authorization: string | null = null;
    answer('logout', (request) => {
      authorization = request.headers.get('Authorization');
      return { success: true };
    });
    const { router, user } = await openLandingAs('teacher', { access_token: accessToken });

    await signOut(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(authorization).toBe(`Bearer ${accessToken}`);
    expect(authStore.getState().isAuthenticated).toBe(false);
  });

  it('clears the session even when the logout call fails', async () => {
    answer('logout', () => errorAnswer(500, 'internal', 'The server had a problem.'));
    const { router, user } = await openLandingAs('student');

    await signOut(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(authStore.getState().isAuthenticated).toBe(false);
  });
});
