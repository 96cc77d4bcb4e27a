import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'readalong';

/** Signs in through the login screen, as a person would. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await tryToSignIn(page, username, password);
  // Like a person, wait for the app to let you in before going anywhere.
  await expect(page).not.toHaveURL(/\/login/, { timeout: 15_000 });
}

/** Fills in and sends the login screen, whatever the answer. */
export async function tryToSignIn(page: Page, username: string, password: string): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/login')) await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs out through the account menu and checks the login screen is back. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
}
