/**
 * [TEACHER] sets a class's reading goal and one student's own on the class page; [STUDENT] sees their goal on home
 * (docs/rules.md G1, G2). Both screens pass axe and fit a 360 px phone.
 */
import { expect, test } from '@playwright/test';
import { axeViolations, clippedElements, PHONE, settle } from '../support/accessibility';
import { signIn, signOut } from '../support/session';

test('[TEACHER] sets reading goals; [STUDENT] sees theirs on home', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, 'demo.teacher');
  await page.goto('/teacher/class');
  await page.getByRole('combobox', { name: 'Class' }).click();
  await page.getByRole('option', { name: 'Grade 3 Maple' }).click();
  const goals = page.getByRole('region', { name: 'Reading goals' });
  await expect(goals.getByRole('table')).toBeVisible({ timeout: 15_000 });

  // A target over the limit: the server's message shows on the field.
  const wcpm = goals.getByRole('textbox', { name: /^WCPM/ });
  await wcpm.fill('500');
  await goals.getByRole('button', { name: 'Save goal' }).click();
  await expect(goals.getByText('target WCPM is at most 400')).toBeVisible();
  await wcpm.fill('60');
  await goals.getByRole('button', { name: 'Save goal' }).click();
  await expect(goals.getByText('target WCPM is at most 400')).toHaveCount(0);
  await expect(goals.getByRole('row', { name: /Leo Fontaine/ })).toContainText('Class goal: WCPM 60');

  // Leo's own goal replaces the class's for him.
  await goals.getByRole('button', { name: 'Set goal for Leo Fontaine' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leo Fontaine’s reading goal' });
  await dialog.getByRole('textbox', { name: /^WPM/ }).fill('300');
  await dialog.getByRole('button', { name: 'Save goal' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(goals.getByRole('row', { name: /Leo Fontaine/ })).toContainText('WPM 300');
  await settle(page);
  expect(await axeViolations(page)).toEqual([]);
  expect(await clippedElements(page)).toEqual([]);
  await signOut(page);

  await signIn(page, 'demo.student');
  const mine = page.getByRole('region', { name: 'My goals' });
  await expect(mine.getByRole('progressbar', { name: /^WPM .* of 300/ })).toBeVisible({ timeout: 15_000 });
  await expect(mine.getByText(/^WPM .* of 300$/)).toBeVisible();
  await settle(page);
  expect(await axeViolations(page)).toEqual([]);
  expect(await clippedElements(page)).toEqual([]);
});
