import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session } from '@/lib/session';
import { answer, errorAnswer } from '@/test/api-mocks';
import { buildSessionUser } from '@/test/factories';
import { renderApp } from '@/test/render-app';

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], username: string, password: string) {
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login screen', () => {
  it('signs in and lands on the landing page', async () => {
    let sentBody: unknown;
    answer('login', async (request) => {
      sentBody = await request.json();
      return buildSessionUser({ first_name: 'Dana', login_role: 'teacher' });
    });
    const { router, user } = renderApp('/login');

    await fillAndSubmit(user, 'demo.teacher', 'readalong');

    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Dana!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(sentBody).toEqual({ username: 'demo.teacher', password: 'readalong', login_type: 'username' });
    expect(await session.restore()).toMatchObject({ first_name: 'Dana' });
  });

  it('shows the server’s message for a wrong password', async () => {
    answer('login', () => errorAnswer(401, 'unauthenticated', 'Wrong username or password.'));
    const { router, user } = renderApp('/login');

    await fillAndSubmit(user, 'demo.student', 'not-the-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password.');
    expect(router.state.location.pathname).toBe('/login');
    expect(await session.restore()).toBeNull();
  });

  it('checks empty fields with the contract’s rules before calling the server', async () => {
    const { user } = renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('username is required')).toBeInTheDocument();
    expect(screen.getByText('password is required')).toBeInTheDocument();
  });

  it('shows field errors the server reports next to their fields', async () => {
    answer('login', () =>
      errorAnswer(400, 'bad_request', 'Some fields are not right.', { 'body.username': 'no such username' }),
    );
    const { user } = renderApp('/login');

    await fillAndSubmit(user, 'nobody', 'whatever');

    expect(await screen.findByText('no such username')).toBeInTheDocument();
  });

  it('goes back to the address the user first asked for', async () => {
    answer('login', () => buildSessionUser());
    const { router, user } = renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?next=%2F');
    await fillAndSubmit(user, 'demo.teacher', 'readalong');

    expect(await screen.findByRole('heading', { level: 1, name: /^Hello/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a signed-in user who opens it to the landing page', async () => {
    await session.start(buildSessionUser());
    const { router } = renderApp('/login');

    expect(await screen.findByRole('heading', { level: 1, name: /^Hello/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
