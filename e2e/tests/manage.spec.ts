/**
 * [OWNER] runs the school (issue 13): classes, a class's students, students, staff, the school's licences and the
 * account screen, each with its data, no axe violation, focus on its h1 and nothing clipped at 360 px (X1, X2, X5).
 */
import { expect, test, type Page } from '@playwright/test';
import {
  LAPTOP,
  PHONE,
  axeViolations,
  clippedElements,
  expectFocusOnHeading,
  navigateInApp,
  settle,
} from '../support/accessibility';
import { saveScreenshot } from '../support/screenshots';
import { signIn } from '../support/session';

/** Checks the screen now shown, at a laptop's width and a phone's, and keeps a picture of each for people to look at. */
async function checkScreen(page: Page, name: string) {
  await settle(page);
  await expectFocusOnHeading(page);
  expect(await axeViolations(page)).toEqual([]);
  await saveScreenshot(page, `manage-${name}-1280`);
  await page.setViewportSize(PHONE);
  await settle(page);
  expect(await clippedElements(page)).toEqual([]);
  await saveScreenshot(page, `manage-${name}-360`);
  await page.setViewportSize(LAPTOP);
}

test('[OWNER] manages classes, students, staff and licences, and opens their account', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(LAPTOP);
  await signIn(page, 'demo.owner');

  await navigateInApp(page, '/manage/classes', page.getByRole('heading', { level: 1, name: 'Classes' }));
  await expect(page.getByRole('table')).toBeVisible();
  await checkScreen(page, 'classes');

  await page.getByRole('table').getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'Students', level: 2 })).toBeVisible();
  await checkScreen(page, 'class');

  await navigateInApp(page, '/manage/students', page.getByRole('heading', { level: 1, name: 'Students' }));
  await expect(page.getByRole('table')).toBeVisible();
  await checkScreen(page, 'students');

  await navigateInApp(page, '/manage/staff', page.getByRole('heading', { level: 1, name: 'Staff' }));
  await expect(page.getByRole('table')).toBeVisible();
  await checkScreen(page, 'staff');

  await navigateInApp(page, '/manage/school');
  await expect(page.getByRole('heading', { name: 'Licences' })).toBeVisible();
  await checkScreen(page, 'school');

  await navigateInApp(page, '/teacher/account');
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await checkScreen(page, 'account');
});
