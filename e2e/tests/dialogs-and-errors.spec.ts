/**
 * What the walk of accessibility.spec.ts does not reach by a link (docs/accessibility.md): the error pages, and the
 * dialogs, menus and warnings a button opens. Each passes axe (X1) and handles focus (X2, X10).
 */
import { expect, test, type Page } from '@playwright/test';
import {
  LAPTOP,
  PHONE,
  axeViolations,
  clippedElements,
  dialogProblems,
  expectFocusOnHeading,
  navigateInApp,
  settle,
} from '../support/accessibility';
import { signIn } from '../support/session';

/** axe, and at 360 px nothing clipped: the checks of a page as it is now. */
async function pageProblems(page: Page, name: string): Promise<string[]> {
  const problems = (await axeViolations(page)).map((violation) => `${name}: ${violation}`);
  await page.setViewportSize(PHONE);
  for (const clipped of await clippedElements(page)) problems.push(`${name} at 360 px: ${clipped}`);
  await page.setViewportSize(LAPTOP);
  return problems;
}

test('[SIGNED OUT] an unknown address shows “Page not found”, which passes axe and its skip link leads to it', async ({
  page,
}) => {
  await page.setViewportSize(LAPTOP);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  const problems = await pageProblems(page, 'not found');
  const target = await page.locator('a.skip-link').getAttribute('href');
  await expect(page.locator(`main${target}`)).toHaveCount(1);
  expect(problems).toEqual([]);
});

test('[STUDENT] an unknown address takes focus to “Page not found”; a page that cannot load shows the error page', async ({
  page,
}) => {
  await page.setViewportSize(LAPTOP);
  await signIn(page, 'demo.student');
  await navigateInApp(page, '/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expectFocusOnHeading(page);
  const problems = await pageProblems(page, 'not found');

  // The not-found page's code cannot be downloaded (the network gone, a release removed it): after one reload the
  // route's error page shows.
  await page.route(/not-found-page-[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/home');
  await navigateInApp(page, '/another-missing-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible({
    timeout: 15_000,
  });
  await expectFocusOnHeading(page);
  problems.push(...(await pageProblems(page, 'route error')));
  expect(problems).toEqual([]);
});

test('[STUDENT] the account menu, the marks dialog, the quiz’s book and its “no answer yet” warning handle focus and pass axe', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(LAPTOP);
  await signIn(page, 'demo.student');
  const problems = await dialogProblems(page, page.getByRole('button', { name: /^Account menu/ }), 'menu');

  await navigateInApp(page, '/my-work');
  await page.getByRole('tab', { name: 'Recordings' }).click();
  await settle(page);
  problems.push(
    ...(await dialogProblems(page, page.getByRole('button', { name: 'See your marks and listen' }).first())),
  );

  await navigateInApp(page, '/power-builders');
  await settle(page);
  const read = await page
    .getByRole('link', { name: /^Read / })
    .first()
    .getAttribute('href');
  await navigateInApp(page, read!.replace(/read$/, 'quiz'));
  await settle(page);
  problems.push(...(await dialogProblems(page, page.getByRole('button', { name: 'Look back at the book' }))));

  // Finishing with nothing answered: the warning takes focus and passes axe.
  const finish = page.getByRole('button', { name: /Finish the quiz/ });
  while (!(await finish.isVisible())) await page.getByRole('button', { name: 'Next', exact: true }).click();
  await finish.click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Some questions have no answer yet' }),
  ).toBeFocused();
  problems.push(...(await pageProblems(page, 'quiz warning')));

  // On a phone the menu folds into a drawer behind the burger.
  await navigateInApp(page, '/home');
  await page.setViewportSize(PHONE);
  await settle(page);
  const burger = page.getByRole('button', { name: 'Open the menu' });
  await burger.click();
  await expect(page.getByRole('link', { name: 'Power builders', exact: true })).toBeVisible();
  problems.push(...(await axeViolations(page)).map((violation) => `phone menu open: ${violation}`));
  expect(problems).toEqual([]);
});

test('[OWNER] the class page’s dialogs, the confirmation among them, take focus, pass axe and give focus back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(LAPTOP);
  await signIn(page, 'demo.owner');
  await navigateInApp(page, '/manage/classes');
  await settle(page);
  const classHref = await page.locator('main a[href^="/manage/classes/"]').first().getAttribute('href');
  await navigateInApp(page, classHref!);
  await settle(page);
  const problems = await dialogProblems(
    page,
    page.getByRole('button', { name: 'Add students of the school' }),
  );
  await page
    .getByRole('checkbox', { name: /^Choose (?!every)/ })
    .first()
    .check();
  problems.push(
    ...(await dialogProblems(page, page.getByRole('button', { name: /^Remove from the class/ }))),
  );
  expect(problems).toEqual([]);
});
