/**
 * [OWNER] Insights (docs/rules.md IN10, issue 15): the demo owner opens insights, picks a period and a class and sees
 * the figures become that class's (as the API counts them), searches and sorts the reading of each student, and
 * downloads it as a CSV holding the rows of the table. Then every section, for a teacher, the owner and a department
 * head, passes axe and fits a 360 px phone with its numbers shown.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import {
  LAPTOP,
  PHONE,
  axeViolations,
  clippedElements,
  expectFocusOnHeading,
  navigateInApp,
} from '../support/accessibility';
import { signIn } from '../support/session';

const DAY_MS = 86_400_000;
/** The period the owner picks, as the screen sends it: the last 90 UTC days up to today (IN1). */
const TERM = {
  label: 'Last 90 days (a term)',
  start: new Date(Date.now() - 89 * DAY_MS).toISOString().slice(0, 10),
  end: new Date().toISOString().slice(0, 10),
};

interface Totals {
  active_students: number;
  total_students: number;
}
interface Reader {
  first_name: string;
  last_name: string;
  name: string;
  username: string;
  minutes_reading: number;
}

/** Signs in and returns a way to ask the API with the same session, as the screen does. */
async function signInWithApi(page: Page, username: string) {
  const token = page.waitForRequest((sent) => Boolean(sent.headers()['authorization']));
  await signIn(page, username);
  const authorization = (await token).headers()['authorization']!;
  return async <T>(path: string, query: Record<string, string | number> = {}): Promise<T> => {
    const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
    const response = await page.request.get(`/api/v1/${path}?${search}`, { headers: { authorization } });
    expect(response.ok(), `GET ${path}`).toBe(true);
    return (await response.json()) as T;
  };
}

const activeTile = (page: Page) => page.getByRole('group', { name: 'Active students' });
const shownAs = (totals: Totals) => `${totals.active_students} of ${totals.total_students}`;

/** The cells of the table's body rows, as the eye reads them. */
const bodyRows = (page: Page) =>
  page
    .getByRole('table', { name: /^Students / })
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('th, td')].map((cell) => (cell as HTMLElement).innerText.trim()),
      ),
    );

test('[OWNER] picks a class and a term, searches and sorts its students and downloads them', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(LAPTOP);
  const ask = await signInWithApi(page, 'demo.owner');
  await expect(page).toHaveURL(/\/insights$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();

  const term = { start: TERM.start, end: TERM.end };
  const school = await ask<Totals>('classes/insights', term);
  const { classes } = await ask<{ classes: { id: number; name: string }[] }>('classes');
  const figures = await Promise.all(
    classes.map((klass) => ask<Totals>('classes/insights', { ...term, class_id: klass.id })),
  );
  // A class whose figure differs from the school's, so the change shows.
  const index = figures.findIndex((totals) => shownAs(totals) !== shownAs(school));
  expect(index, 'a demo class counts differently from its school').toBeGreaterThanOrEqual(0);
  const [klass, classTotals] = [classes[index]!, figures[index]!];

  await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: TERM.label });
  await expect(page.getByRole('heading', { name: 'Totals, last 90 days (a term)' })).toBeVisible();
  await expect(activeTile(page)).toContainText(shownAs(school));
  await page.getByRole('combobox', { name: 'Class' }).selectOption({ label: klass.name });
  await expect(activeTile(page)).toContainText(shownAs(classTotals));

  await page
    .getByRole('navigation', { name: 'Sections of insights' })
    .getByRole('link', { name: 'Students' })
    .click();
  await expect(
    page.getByRole('heading', { name: 'Reading of each student, last 90 days (a term)' }),
  ).toBeVisible();

  // A search the class's own students answer: the first letter of its first student's last name.
  const { students } = await ask<{ students: Reader[] }>('classes/reading-overview', {
    ...term,
    class_ids: klass.id,
  });
  const search = students[0]!.last_name.slice(0, 1).toLowerCase();
  const expected = students
    .filter((student) => [student.name, student.username].some((text) => text.toLowerCase().includes(search)))
    .sort(
      (a, b) =>
        b.minutes_reading - a.minutes_reading ||
        a.last_name.localeCompare(b.last_name) ||
        a.first_name.localeCompare(b.first_name),
    )
    .map((student) => student.name);

  await page.getByRole('textbox', { name: 'Find a student' }).fill(search);
  await expect(page).toHaveURL(new RegExp(`search=${search}`));
  const minutes = page.getByRole('columnheader', { name: /Minutes/ });
  await minutes.getByRole('button').click();
  await expect(minutes).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/sort=minutes_reading&order=desc/);
  await expect.poll(async () => (await bodyRows(page)).map((row) => row[0])).toEqual(expected);

  // The address keeps the search and the sort: opened again, the same rows.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Find a student' })).toHaveValue(search);
  await expect.poll(async () => (await bodyRows(page)).map((row) => row[0])).toEqual(expected);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download these students (CSV)' }).click(),
  ]);
  const csv: string[][] = parse(await readFile(await download.path(), 'utf8'));
  const [header, ...rows] = csv;
  const headings = await page
    .getByRole('table', { name: /^Students / })
    .getByRole('columnheader')
    .allInnerTexts();
  expect(header).toEqual(headings.map((heading) => heading.trim()));
  expect(rows).toEqual(await bodyRows(page));
});

const SECTIONS = ['Overview', 'Levels', 'Week by week', 'Students', 'Skills'];

for (const { username, opens } of [
  { username: 'demo.teacher', opens: '/teacher/students' },
  { username: 'demo.owner', opens: '/insights' },
  { username: 'demo.head', opens: '/district' },
]) {
  test(`${username}: insights takes focus to its h1, and every section passes axe and fits 360 px with its numbers shown`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(LAPTOP);
    await signIn(page, username);
    await expect(page).toHaveURL(new RegExp(`${opens}$`));
    // Opened from the role's home in the app, insights takes focus to its h1 (X2); the owner's home is insights.
    if (opens !== '/insights') await navigateInApp(page, '/insights');
    await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
    await expectFocusOnHeading(page);
    if (username === 'demo.head') {
      // A department head looks at one school, picked in the frame (C28): every section keeps it.
      await page.getByRole('combobox', { name: 'School' }).click();
      await page
        .getByRole('listbox', { name: 'School' })
        .getByRole('option')
        .filter({ hasNotText: 'All schools' })
        .first()
        .click();
      await expect(page).toHaveURL(/school_id=\d+/);
    }
    const problems: string[] = [];
    for (const section of SECTIONS) {
      await page
        .getByRole('navigation', { name: 'Sections of insights' })
        .getByRole('link', { name: section })
        .click();
      await expect(
        page.getByRole('navigation', { name: 'Sections of insights' }).getByRole('link', { name: section }),
      ).toHaveAttribute('aria-current', 'page');
      // Loaded: no placeholder left, then every chart's numbers shown as tables.
      await expect(page.locator('main [role="status"]')).toHaveCount(0, { timeout: 20_000 });
      const toggles = page.getByRole('button', { name: 'Show the numbers' });
      // Each press renames its button (Hide the numbers): press the first left until none is.
      while ((await toggles.count()) > 0) await toggles.first().click();
      for (const violation of await axeViolations(page)) problems.push(`${section}: ${violation}`);
      await page.setViewportSize(PHONE);
      for (const clipped of await clippedElements(page)) problems.push(`${section} at 360 px: ${clipped}`);
      await page.setViewportSize(LAPTOP);
    }
    if (username === 'demo.head') await expect(page).toHaveURL(/school_id=\d+/);
    expect(problems).toEqual([]);
  });
}
