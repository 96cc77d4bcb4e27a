import { expect, test } from '@playwright/test';
import { latestMailTo } from '../support/outbox';
import { saveScreenshot } from '../support/screenshots';
import { signIn, signOut } from '../support/session';

test('[TEACHER] resets a forgotten password from the mail in the outbox', async ({ page }) => {
  const email = 'grace.whitfield@riverbend.example';
  await page.goto('/login');
  await page.getByRole('link', { name: /forgot your password/i }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();

  const mail = await latestMailTo(email);
  const link = /https?:\/\/\S+\/reset-password\/[\w-]+/.exec(mail)?.[0];
  expect(link, 'the mail holds a reset link').toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('river otters 42');
  await page.getByLabel('Confirm new password').fill('river otters 42');
  await saveScreenshot(page, 'reset-password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your password has been changed' })).toBeVisible();

  await page.goto('/login');
  await signIn(page, 'grace.whitfield', 'river otters 42');
  await expect(page).toHaveURL('/teacher/students');
  await signOut(page);

  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible();
});
