import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { session } from '@/lib/session';
import type { renderApp } from './render-app';

/** Asks for "Sign out everywhere" (shared/account) and confirms it; returns the dialog, which stays open on a refusal. */
export async function signOutEverywhere(user: UserEvent) {
  const section = await screen.findByRole('region', { name: 'Sign out everywhere' });
  await user.click(within(section).getByRole('button', { name: 'Sign out everywhere…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Sign out on every device?' });
  await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
  return dialog;
}

/** Signed out everywhere: one call to the server, this device at the sign-in page with no session left. */
export async function expectSignedOutEverywhere(
  router: ReturnType<typeof renderApp>['router'],
  everywhere: { count(): number },
) {
  expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/login');
  expect(everywhere.count()).toBe(1);
  expect(session.current()).toBeNull();
}
