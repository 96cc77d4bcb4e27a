/**
 * [TEACHER] The teacher's home is their students (docs/rules.md C34, P13): the demo teacher signs in to a table of
 * the students of their classes, narrows it to one class, sorts it, and opens a student in one click; the page
 * passes axe and fits a 360 px phone.
 */
import { expect, test } from '@playwright/test';
import {
  LAPTOP,
  PHONE,
  axeViolations,
  clippedElements,
  expectFocusOnHeading,
  navigateInApp,
  settle,
} from '../support/accessibility';
import { signIn } from '../support/session';

test('[TEACHER] finds a student from their home and opens them', async ({ page }) => {
  await page.setViewportSize(LAPTOP);
  await signIn(page, 'demo.teacher');
  await expect(page).toHaveURL(/\/teacher\/students$/);
  const table = page.getByRole('table');
  await expect(table).toBeVisible({ timeout: 15_000 });
  await settle(page);
  const rows = table.getByRole('row');
  expect(await rows.count()).toBeGreaterThan(1);
  expect(await axeViolations(page)).toEqual([]);
  expect(await clippedElements(page)).toEqual([]);

  const classFilter = page.getByRole('combobox', { name: 'Class' });
  const firstClass = await classFilter.locator('option').nth(1).textContent();
  await classFilter.selectOption({ label: firstClass! });
  await expect(page).toHaveURL(/\?class=\d+/);
  // Every row left is of that class: only the heading row lacks its name.
  await expect(rows.filter({ hasNotText: firstClass! })).toHaveCount(1);

  const wcpm = page.getByRole('columnheader', { name: /Latest WCPM/ });
  await wcpm.getByRole('button').click();
  await expect(wcpm).toHaveAttribute('aria-sort', 'descending');

  const first = rows.nth(1).getByRole('link');
  const name = (await first.textContent())!;
  await first.click();
  await expect(page).toHaveURL(/\/teacher\/students\/\d+$/);
  expect(name.length).toBeGreaterThan(0);

  await navigateInApp(page, '/teacher/students');
  await expect(page.getByRole('table')).toBeVisible({ timeout: 15_000 });
  await expectFocusOnHeading(page);
});

test('[TEACHER] the students table fits a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, 'demo.teacher');
  await expect(page.getByRole('table')).toBeVisible({ timeout: 15_000 });
  await settle(page);
  expect(await clippedElements(page)).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
});
