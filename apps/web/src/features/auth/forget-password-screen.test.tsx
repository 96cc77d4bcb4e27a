import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { errorAnswer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { renderApp } from '@/test/render-app';

const CONFIRMATION = /If an account uses that address, we have sent a link/;

async function askForLink(user: ReturnType<typeof renderApp>['user'], email: string) {
  await user.type(await screen.findByLabelText('Email address'), email);
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
}

describe('forgotten-password screen', () => {
  it('asks the server for a link back to this app and confirms', async () => {
    const recoveries = countCalls('recoverPassword', () => ({ success: true }));
    const { user } = renderApp(paths.forgetPassword.getHref());

    await askForLink(user, 'dana@example.test');

    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Check your email' })).toHaveFocus(),
    );
    expect(screen.getByRole('status')).toHaveTextContent(CONFIRMATION);
    const [request] = recoveries.requests;
    expect(new URL(request!.url).searchParams.get('email')).toBe('dana@example.test');
    expect(await request!.json()).toEqual({ app_url: window.location.origin, branding: 'ReadAlong' });
  });

  it('says the same for an address no account uses', async () => {
    // The server answers success either way; the screen must not add a difference of its own.
    countCalls('recoverPassword', () => ({ success: true }));
    const { user } = renderApp(paths.forgetPassword.getHref());

    await askForLink(user, 'nobody@example.test');

    expect(await screen.findByRole('status')).toHaveTextContent(CONFIRMATION);
    expect(screen.queryByText(/nobody@example.test/)).not.toBeInTheDocument();
  });

  it('checks the address before calling the server', async () => {
    const recoveries = countCalls('recoverPassword', () => ({ success: true }));
    const { user } = renderApp(paths.forgetPassword.getHref());

    await askForLink(user, 'not-an-address');

    expect(await screen.findByText('must be an email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveFocus();
    expect(recoveries.count()).toBe(0);
  });

  it('shows the server’s field error next to the field', async () => {
    countCalls('recoverPassword', () =>
      errorAnswer(400, 'bad_request', 'query.email: is too long', { 'query.email': 'is too long' }),
    );
    const { user } = renderApp(paths.forgetPassword.getHref());

    await askForLink(user, 'dana@example.test');

    expect(await screen.findByText('is too long')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('is too long');
    expect(screen.queryByText(CONFIRMATION)).not.toBeInTheDocument();
  });

  it('explains any other failure', async () => {
    countCalls('recoverPassword', () =>
      errorAnswer(400, 'bad_request', 'body.app_url: is not an address of this application', {
        'body.app_url': 'is not an address of this application',
      }),
    );
    const { user } = renderApp(paths.forgetPassword.getHref());

    await askForLink(user, 'dana@example.test');

    expect(await screen.findByRole('alert')).toHaveTextContent('is not an address of this application');
  });

  it('leads back to sign-in', async () => {
    const { router, user } = renderApp(paths.forgetPassword.getHref());

    await user.click(await screen.findByRole('link', { name: 'Back to sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('sends a signed-in user to the landing page', async () => {
    await signedInAs();
    const { router } = renderApp(paths.forgetPassword.getHref());

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
