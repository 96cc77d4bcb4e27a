import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer } from '@/test/api-mocks';
import { signedInAs } from '@/test/auth';
import { renderApp } from '@/test/render-app';

async function openLandingAsTeacher() {
  const { access_token } = await signedInAs({ login_role: 'teacher', first_name: 'Amir', last_name: 'Khan' });
  answer('validate', () => ({ access_token, login_role: 'teacher', refresh_token: null }));
  return renderApp('/');
}

describe('account menu (loaded on first open, docs/rules.md B2)', () => {
  it('shows only its button until opened, then opens at the first click', async () => {
    const { user } = await openLandingAsTeacher();
    const button = await screen.findByRole('button', { name: 'Account menu, Amir Khan' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(button);

    expect(await screen.findByRole('menuitem', { name: 'Your account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu, Amir Khan' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('opens from the keyboard, and gives focus back to its button when closed with Escape', async () => {
    const { user } = await openLandingAsTeacher();
    (await screen.findByRole('button', { name: /^Account menu/ })).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menuitem', { name: 'Sign out' });

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: /^Account menu/ })).toHaveFocus());
  });
});
