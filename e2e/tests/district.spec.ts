/**
 * [DEPARTMENT HEAD] The district overview (docs/rules.md C44, IN11, issue 15): the demo head opens /district and sees
 * every school's figures as GET /v1/districts/overview answered them, picks a school in the header's picker and every
 * figure on the page becomes that school's, picks the other and they change again, then drills down to the school's
 * insights with the school picked.
 */
import { expect, test, type Page } from '@playwright/test';
import type { DistrictOverview, DistrictSchoolFigures as SchoolFigures } from '@readalong/contracts';
import { LAPTOP } from '../support/accessibility';
import { signIn } from '../support/session';

const DAY_MS = 86_400_000;
const termDays = (overview: DistrictOverview) =>
  (Date.parse(overview.end) - Date.parse(overview.start)) / DAY_MS + 1;
const sum = (schools: SchoolFigures[], pick: (school: SchoolFigures) => number) =>
  schools.reduce((total, school) => total + pick(school), 0);

/** The summary above the table, as the page words it for these schools. */
function summaryOf(schools: SchoolFigures[], days: number) {
  const waiting = sum(schools, (school) => school.recordings_waiting);
  return (
    `${schools.length} ${schools.length === 1 ? 'school' : 'schools'}, ` +
    `${sum(schools, (school) => school.student_count)} students: ` +
    `${sum(schools, (school) => school.active_student_count)} read in the last 7 days and ` +
    `${sum(schools, (school) => school.books_completed)} books were read in the last ${days} days; ` +
    `${waiting} ${waiting === 1 ? 'recording waits' : 'recordings wait'} for a teacher’s review.`
  );
}

/** A school's row as the page shows it: each figure's text, in the columns' order. */
function cellsOf(school: SchoolFigures) {
  const gain = school.average_level_gain;
  return [
    String(school.student_count),
    `${school.active_student_count} of ${school.student_count}`,
    String(school.books_completed),
    gain === null ? '—' : `${gain > 0 ? '+' : ''}${gain.toFixed(2)}`,
    String(school.recordings_waiting),
    school.seats_total === 0
      ? `${school.seats_used} (no active pack)`
      : `${school.seats_used} of ${school.seats_total}`,
  ];
}

const table = (page: Page) => page.getByRole('table', { name: 'Your schools' });

/** Every figure on the page is those of `schools`: the summary and one row each, nothing else. */
async function expectFigures(page: Page, schools: SchoolFigures[], days: number) {
  await expect(page.getByText(summaryOf(schools, days))).toBeVisible();
  await expect(table(page).getByRole('rowheader')).toHaveCount(schools.length);
  for (const school of schools) {
    const cells = table(page)
      .getByRole('row', { name: new RegExp(school.name) })
      .getByRole('cell');
    await expect(cells).toHaveText(cellsOf(school));
  }
}

async function pickSchool(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'School' }).click();
  await page.getByRole('option', { name }).click();
}

test('[DEPARTMENT HEAD] opens the district, picks a school and every figure becomes that school’s', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(LAPTOP);
  const answered = page.waitForResponse((response) => response.url().includes('/api/v1/districts/overview'));
  await signIn(page, 'demo.head');
  if (!new URL(page.url()).pathname.startsWith('/district')) await page.goto('/district');
  const response = await answered;
  expect(response.ok()).toBe(true);
  const overview = (await response.json()) as DistrictOverview;
  const days = termDays(overview);
  expect(overview.schools.length).toBeGreaterThan(1);
  expect(sum(overview.schools, (school) => school.books_completed)).toBeGreaterThan(0);

  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectFigures(page, overview.schools, days);

  const [first, second] = overview.schools;
  await pickSchool(page, first!.name);
  await expect(page).toHaveURL(new RegExp(`school_id=${first!.school_id}`));
  await expectFigures(page, [first!], days);

  await pickSchool(page, second!.name);
  await expect(page).toHaveURL(new RegExp(`school_id=${second!.school_id}`));
  await expectFigures(page, [second!], days);

  // The drill-down: the school's insights, the school still picked.
  await table(page).getByRole('link', { name: second!.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/insights\\?school_id=${second!.school_id}`));
});
