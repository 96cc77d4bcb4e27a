import { PASSWORD_MIN_LENGTH } from '@readalong/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { answer, errorAnswer } from '@/test/api-mocks';
import { countCalls } from '@/test/auth';
import { renderApp } from '@/test/render-app';

const KEY = 'reset-key-1';
const LIVE_LINK = { valid: true, expires_at: '2030-01-01T00:30:00.000Z' } as const;
const DEAD_LINK = () => errorAnswer(404, 'not_found', 'This reset link has expired or was already used.');

async function choosePassword(
  user: ReturnType<typeof renderApp>['user'],
  password: string,
  confirmation: string,
) {
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('reset-password screen', () => {
  it('checks the link before showing the form', async () => {
    let release: () => void = () => undefined;
    const checked = new Promise<void>((resolve) => (release = resolve));
    const checks = countCalls('validateResetLink', async () => {
      await checked;
      return LIVE_LINK;
    });
    renderApp(paths.resetPassword.getHref(KEY));

    // The page loader is a status too, so find the message, then the status it is announced in.
    expect((await screen.findByText('Checking your link…')).closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    release();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeInTheDocument();
    expect(new URL(checks.requests[0]!.url).searchParams.get('key')).toBe(KEY);
  });

  it('sets the new password with the key, then says so and offers sign-in', async () => {
    answer('validateResetLink', () => LIVE_LINK);
    const changes = countCalls('changePasswordUnsigned', () => ({ success: true }));
    const { router, user } = renderApp(paths.resetPassword.getHref(KEY));

    await choosePassword(user, 'a-new-password', 'a-new-password');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your password has been changed' }),
    ).toHaveFocus();
    expect(new URL(changes.requests[0]!.url).pathname).toBe(`/api/password/change-unsigned/${KEY}`);
    expect(await changes.requests[0]!.json()).toEqual({
      new_password: 'a-new-password',
      branding: 'ReadAlong',
    });
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('asks for a password of the minimum length and a matching confirmation', async () => {
    answer('validateResetLink', () => LIVE_LINK);
    const changes = countCalls('changePasswordUnsigned', () => ({ success: true }));
    const { user } = renderApp(paths.resetPassword.getHref(KEY));

    await choosePassword(user, 'short', 'different');

    expect(await screen.findByText(`must be at least ${PASSWORD_MIN_LENGTH} characters`)).toBeInTheDocument();
    expect(screen.getByText('does not match the new password')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveFocus();
    expect(changes.count()).toBe(0);
  });

  it('refuses a confirmation that does not match', async () => {
    answer('validateResetLink', () => LIVE_LINK);
    const changes = countCalls('changePasswordUnsigned', () => ({ success: true }));
    const { user } = renderApp(paths.resetPassword.getHref(KEY));

    await choosePassword(user, 'a-new-password', 'a-new-passwort');

    expect(await screen.findByText('does not match the new password')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm new password')).toHaveFocus();
    expect(changes.count()).toBe(0);
  });

  it('says clearly when the link no longer works, and offers a new one', async () => {
    answer('validateResetLink', DEAD_LINK);
    const { router, user } = renderApp(paths.resetPassword.getHref(KEY));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link no longer works' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.forgetPassword.getHref()));
  });

  it('says so when the link runs out while the form is open', async () => {
    answer('validateResetLink', () => LIVE_LINK);
    answer('changePasswordUnsigned', DEAD_LINK);
    const { user } = renderApp(paths.resetPassword.getHref(KEY));

    await choosePassword(user, 'a-new-password', 'a-new-password');

    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'This link no longer works' })).toHaveFocus(),
    );
  });

  it('shows the server’s field error next to the field', async () => {
    answer('validateResetLink', () => LIVE_LINK);
    answer('changePasswordUnsigned', () =>
      errorAnswer(400, 'bad_request', 'body.new_password: is too common', {
        'body.new_password': 'is too common',
      }),
    );
    const { user } = renderApp(paths.resetPassword.getHref(KEY));

    await choosePassword(user, 'password123', 'password123');

    expect(await screen.findByText('is too common')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(/is too common/);
  });

  it('offers to try again when the link could not be checked', async () => {
    let isServerDown = true;
    answer('validateResetLink', () =>
      isServerDown ? errorAnswer(503, 'service_unavailable', 'The server is busy. Try again.') : LIVE_LINK,
    );
    const { user } = renderApp(paths.resetPassword.getHref(KEY));

    expect(await screen.findByRole('alert')).toHaveTextContent('The server is busy. Try again.');
    isServerDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
  });
});
