import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session } from '@/lib/session';
import { answer, errorAnswer } from '@/test/api-mocks';
import { buildSessionUser } from '@/test/factories';
import { renderApp } from '@/test/render-app';

describe('landing page', () => {
  it('greets the user by first name and shows their role', async () => {
    await session.start(buildSessionUser({ first_name: 'Amir', login_role: 'department_head' }));
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Amir!' })).toBeInTheDocument();
    expect(screen.getByText('Department head')).toBeInTheDocument();
  });

  it('signs out on the server and here', async () => {
    let authorization: string | null = null;
    answer('logout', (request) => {
      authorization = request.headers.get('Authorization');
      return { success: true };
    });
    await session.start(buildSessionUser({ access_token: 'token-1' }));
    const { router, user } = renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(authorization).toBe('Bearer token-1');
    expect(await session.restore()).toBeNull();
  });

  it('clears the session even when the logout call fails', async () => {
    answer('logout', () => errorAnswer(500, 'internal', 'The server had a problem.'));
    await session.start(buildSessionUser());
    const { router, user } = renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.length).toBe(0);
    expect(await session.restore()).toBeNull();
  });
});
