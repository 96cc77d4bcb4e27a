import { expect, test, type Locator } from '@playwright/test';
import type { Role } from '@readalong/contracts';
import AxeBuilder from '@axe-core/playwright';
import { saveScreenshot } from '../support/screenshots';
import { signIn, signOut, tryToSignIn } from '../support/session';

interface Journey {
  role: Role;
  username: string;
  firstName: string;
  home: string;
  homeHeading: string;
  /** A page of another role: opening it sends this user to the landing page. */
  foreign: string;
}

const journeys: Journey[] = [
  {
    role: 'student',
    username: 'demo.student',
    firstName: 'Leo',
    home: '/home',
    homeHeading: 'Home',
    foreign: '/teacher/students',
  },
  {
    role: 'teacher',
    username: 'demo.teacher',
    firstName: 'Hannah',
    home: '/teacher/students',
    homeHeading: 'Students',
    foreign: '/home',
  },
  {
    role: 'owner',
    username: 'demo.owner',
    firstName: 'Marcus',
    home: '/insights',
    homeHeading: 'Insights',
    foreign: '/district',
  },
  {
    role: 'department_head',
    username: 'demo.head',
    firstName: 'Priya',
    home: '/district',
    homeHeading: 'District overview',
    foreign: '/my-work',
  },
];

for (const journey of journeys) {
  test(`[${journey.role.toUpperCase()}] signs in, lands at home, is kept out of other roles' pages, sees not-found, signs out`, async ({
    page,
  }) => {
    await signIn(page, journey.username);
    await expect(page).toHaveURL(journey.home);
    await expect(page.getByRole('heading', { level: 1, name: journey.homeHeading })).toBeVisible();
    // Signed in from the built sign-in page (B9): the menu's own styles still win over the app's base styles.
    const background = (item: Locator) => item.evaluate((link) => getComputedStyle(link).backgroundColor);
    const menu = page.locator('#app-navigation');
    expect(await background(menu.locator('a[aria-current="page"]')), 'the current page marked').not.toBe(
      await background(menu.locator('a:not([aria-current])').first()),
    );
    await saveScreenshot(page, `${journey.role}-home`);
    const audit = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    expect(audit.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: journey.homeHeading })).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      'no sideways scrolling at 360 px',
    ).toBeLessThanOrEqual(360);
    await saveScreenshot(page, `${journey.role}-home-360`);
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.goto(journey.foreign);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: `Hello, ${journey.firstName}!` })).toBeVisible();

    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();

    await page.goto(journey.home);
    await signOut(page);
    await page.goto(journey.home);
    await expect(page).toHaveURL(/\/login\?next=/);
  });
}

test('[TEACHER] a deep link opened while signed out comes back after sign-in', async ({ page }) => {
  await page.goto('/manage/classes?tab=all#roster');
  await expect(page).toHaveURL(/\/login\?next=/);
  await signIn(page, 'demo.teacher');
  await expect(page).toHaveURL('/manage/classes?tab=all#roster');
});

test('[STUDENT] a wrong password shows an error and stays on the login screen', async ({ page }) => {
  await tryToSignIn(page, 'demo.student', 'not-the-password');
  await expect(page.getByRole('alert')).toContainText(/incorrect username or password/i);
  await expect(page).toHaveURL(/\/login/);
});
