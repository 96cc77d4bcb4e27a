import { expect, test, type Page } from '@playwright/test';
import { saveScreenshot } from '../support/screenshots';

const DEMO_PASSWORD = 'readalong';

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('[TEACHER] signs in with the demo account and sees the landing page', async ({ page }) => {
  await signIn(page, 'demo.teacher', DEMO_PASSWORD);

  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Hannah!' })).toBeVisible();
  await expect(page.getByText('Teacher', { exact: true })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  await saveScreenshot(page, 'teacher-landing');
});

test('[STUDENT] a wrong password shows an error', async ({ page }) => {
  await signIn(page, 'demo.student', 'not-the-password');

  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('alert')).not.toBeEmpty();
  expect(new URL(page.url()).pathname).toBe('/login');
});
