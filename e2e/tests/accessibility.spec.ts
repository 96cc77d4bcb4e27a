/**
 * Every screen of every role, signed in, with the demo district's data (docs/accessibility.md): from the role's home
 * the walk follows every link inside the app, one page per route (ids → :id), and on each checks that focus moved
 * to the h1 (X2), that axe finds no WCAG 2.1 A or AA violation (X1), that at 360 px nothing is clipped (X5), and that
 * nothing was written to the console on the way (X11).
 */
import { expect, test, type Page } from '@playwright/test';
import {
  LAPTOP,
  PHONE,
  axeViolations,
  clippedElements,
  consoleProblems,
  expectFocusOnHeading,
  navigateInApp,
  settle,
} from '../support/accessibility';
import { signIn } from '../support/session';

/** The route a link opens: numbers become `:id`, the query keeps its names (`?class&recording` is the review). */
function routeOf(href: string): string {
  const url = new URL(href, 'http://app');
  const keys = [...url.searchParams.keys()].filter((key) => key !== 'school_id').sort();
  return url.pathname.replace(/\/\d+(?=\/|$)/g, '/:id') + (keys.length ? `?${keys.join('&')}` : '');
}

/** The app's own links on the page (not files, not other sites), without their hash. */
async function linksOn(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
  return hrefs
    .map((href) => new URL(href, page.url()))
    .filter((url) => url.origin === new URL(page.url()).origin && !url.pathname.startsWith('/api'))
    .map((url) => url.pathname + url.search);
}

/**
 * Screens a page reaches by a button or at its end rather than by a link: opened beside the link that was found. A
 * rate builder is not one of them: My work links to those, and a book's address under `rate-builder` is refused.
 */
function alsoOpen(href: string): string[] {
  const book = href.match(/^\/power-builders\/(\d+)\/(read|demo-read)$/);
  if (book?.[2] === 'read')
    return ['quiz', 'read-aloud/practice', 'read-aloud/assignment'].map(
      (child) => `/power-builders/${book[1]}/${child}`,
    );
  if (book?.[2] === 'demo-read') return [`/power-builders/${book[1]}/read-aloud/demo-practice`];
  const worksheet = href.match(/^\/student-assignments\/power-builders\/(\d+)\/read$/);
  if (worksheet)
    return ['quiz', 'read-aloud/practice', 'read-aloud/assignment'].map(
      (child) => `/student-assignments/power-builders/${worksheet[1]}/${child}`,
    );
  return [];
}

interface Walk {
  username: string;
  home: string;
}

const walks: Walk[] = [
  { username: 'demo.student', home: '/home' },
  { username: 'chloe.park', home: '/home' },
  { username: 'demo.teacher', home: '/teacher/students' },
  { username: 'demo.owner', home: '/insights' },
  { username: 'demo.head', home: '/district' },
];

/** Signed-out screens (checked in the keyboard journeys) and the way out. */
const leaveOut = ['/login', '/forget-password'];
/**
 * Routes already checked in this run: each role's walk checks the screens the earlier walks did not reach (the owner
 * and the department head share the teacher's screens, a new student shares the demo student's).
 */
const checked = new Set<string>();

for (const walk of walks) {
  test(`${walk.username}: every screen passes axe, takes focus to its h1, clips nothing at 360 px, logs nothing`, async ({
    page,
  }) => {
    // A guard against a hang: a walk takes about two minutes on a quiet machine, several times that on a busy one.
    test.setTimeout(600_000);
    const logged = consoleProblems(page);
    await page.setViewportSize(LAPTOP);
    await signIn(page, walk.username);
    await expect(page).toHaveURL(walk.home);
    const problems: string[] = [];
    // Signing in is a route change too.
    await expectFocusOnHeading(page).catch(() => problems.push('sign-in: focus did not move to the h1'));

    const seen = new Set<string>([
      ...leaveOut,
      ...[...checked].filter((route) => route !== routeOf(walk.home)),
    ]);
    const queue = [walk.home];
    const visitedRoutes: string[] = [];
    let previousPath = '/login';
    for (let visited = 0; queue.length > 0; visited++) {
      const href = queue.shift()!;
      if (visited > 0) await navigateInApp(page, href);
      await settle(page);
      const path = new URL(page.url()).pathname;
      const route = routeOf(new URL(page.url()).pathname + new URL(page.url()).search);
      if (path !== previousPath) {
        await expectFocusOnHeading(page).catch(() => problems.push(`${route}: focus did not move to the h1`));
      }
      previousPath = path;
      seen.add(routeOf(href)).add(route);
      checked.add(route);
      visitedRoutes.push(route);

      for (const violation of await axeViolations(page)) problems.push(`${route}: ${violation}`);
      await page.setViewportSize(PHONE);
      for (const clipped of await clippedElements(page)) problems.push(`${route} at 360 px: ${clipped}`);
      await page.setViewportSize(LAPTOP);

      for (const link of [...(await linksOn(page)), ...alsoOpen(new URL(page.url()).pathname)]) {
        const linkRoute = routeOf(link);
        if (seen.has(linkRoute)) continue;
        seen.add(linkRoute);
        queue.push(link);
      }
    }
    console.log(`${walk.username}: ${visitedRoutes.join(' ')}`);
    expect([...problems, ...logged]).toEqual([]);
  });
}

test('[SIGNED OUT] the public screens pass axe, fit 360 px, and their skip link leads to the main content', async ({
  page,
}) => {
  const problems = consoleProblems(page);
  for (const route of ['/login', '/forget-password']) {
    await page.setViewportSize(LAPTOP);
    await page.goto(route);
    await settle(page);
    for (const violation of await axeViolations(page)) problems.push(`${route}: ${violation}`);
    const target = await page.locator('a.skip-link').getAttribute('href');
    if ((await page.locator(`main${target ?? ''}`).count()) !== 1)
      problems.push(`${route}: the skip link's target ${target} is not the page's main`);
    await page.setViewportSize(PHONE);
    for (const clipped of await clippedElements(page)) problems.push(`${route} at 360 px: ${clipped}`);
  }
  expect(problems).toEqual([]);
});
