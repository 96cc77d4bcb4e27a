/**
 * [DEPARTMENT HEAD] The school picked in the header holds on every page a head can open (docs/rules.md C28, A8; issue
 * #27): with one school of the demo district picked, the teacher area (Students, a student's page, Class, Alerts,
 * Settings, Resources), Assignments, Manage, Insights and the District overview show that school's students, classes
 * and figures alone, and every menu entry and in-page link keeps `school_id` in the address. Assigned opens on the
 * class last looked at (C48).
 */
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import type { DistrictOverview } from '@readalong/contracts';
import { DEMO_DISTRICT } from '../../apps/server/src/seed/demo-district-data';
import { LAPTOP } from '../support/accessibility';
import { signIn } from '../support/session';

/** Two cores shared by several journeys: a page may take longer than Playwright's default 5 s to answer. */
const expect = baseExpect.configure({ timeout: 30_000 });

const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`;

/** A demo school as seeded: its classes and the names of their students. */
function seeded(name: string) {
  const school = DEMO_DISTRICT.schools.find((candidate) => candidate.name === name)!;
  return {
    classes: school.classes.map((klass) => klass.name),
    students: school.classes.flatMap((klass) => klass.roster.map(fullName)),
  };
}

/** `shown` holds every name of `own` and none of `other`'s (other journeys may add people of their own). */
function expectOnly(shown: string[], own: string[], other: string[]) {
  expect(shown.filter((name) => other.includes(name))).toEqual([]);
  for (const name of own) expect(shown).toContain(name);
}

const menu = (page: Page, section: string) => page.getByRole('list', { name: section, exact: true });

async function follow(page: Page, link: Locator, schoolId: number) {
  await link.click();
  await expect(page).toHaveURL(new RegExp(`[?&]school_id=${schoolId}(&|$)`));
}

async function pickSchool(page: Page, name: string, schoolId: number) {
  await page.getByRole('combobox', { name: 'School' }).click();
  await page.getByRole('option', { name }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]school_id=${schoolId}(&|$)`));
}

/** The texts of a native select's options, "All …" left out, once its classes (a request of their own) are in. */
async function optionsOf(select: Locator) {
  await expect(select.locator('option').nth(1)).toBeAttached();
  const texts = await select.locator('option').allTextContents();
  return texts.filter((text) => !text.startsWith('All '));
}

test('[DEPARTMENT HEAD] a picked school holds on every page and link, with only its students, classes and figures', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(LAPTOP);
  const answered = page.waitForResponse((response) => response.url().includes('/api/v1/districts/overview'));
  await signIn(page, 'demo.head');
  if (!new URL(page.url()).pathname.startsWith('/district')) await page.goto('/district');
  const overview = (await (await answered).json()) as DistrictOverview;
  const [first, second] = DEMO_DISTRICT.schools.map((demo) =>
    overview.schools.find((school) => school.name === demo.name)!,
  );
  const willow = first!;
  const harbour = second!;
  const own = seeded(willow.name);
  const other = seeded(harbour.name);
  const id = willow.school_id;

  await pickSchool(page, willow.name, id);
  await expect(page.getByRole('table', { name: 'Your schools' }).getByRole('rowheader')).toHaveText([
    new RegExp(willow.name),
  ]);

  // Students: the school's students alone, as many as the district overview counts for it.
  await follow(page, menu(page, 'Teaching').getByRole('link', { name: 'Students' }), id);
  await expect(
    page.getByText(`Showing ${willow.student_count} of ${willow.student_count} students`),
  ).toBeVisible();
  const names = page.getByRole('table').getByRole('rowheader').getByRole('link');
  expectOnly(await names.allTextContents(), own.students, other.students);
  // The class filter lists the school's classes, and choosing one keeps the school.
  const classFilter = page.getByRole('combobox', { name: 'Class' });
  expectOnly(await optionsOf(classFilter), own.classes, other.classes);
  await classFilter.selectOption({ label: own.classes[1]! });
  await expect(page).toHaveURL(new RegExp(`school_id=${id}`));
  await expect(page).toHaveURL(/[?&]class=\d+/);

  // A student's page, and back.
  const student = (await names.first().textContent())!;
  await follow(page, names.first(), id);
  await expect(page.getByRole('heading', { name: student, level: 2 })).toBeVisible();
  await follow(page, page.getByRole('link', { name: 'Open the report' }), id);
  await follow(page, page.getByRole('link', { name: `${student}’s page` }), id);

  // Class: only the school's classes to choose from; choosing one keeps the school (and is remembered, C48).
  await follow(page, menu(page, 'Teaching').getByRole('link', { name: 'Class' }), id);
  const classPicker = page.getByRole('combobox', { name: 'Class' });
  await classPicker.click();
  await expect(page.getByRole('option').first()).toBeVisible();
  expectOnly(await page.getByRole('option').allTextContents(), own.classes, other.classes);
  const lastLooked = own.classes.at(-1)!;
  await page.getByRole('option', { name: lastLooked }).click();
  await expect(page.getByRole('heading', { name: lastLooked, level: 2 })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`school_id=${id}`));

  // Alerts: every kind, and each is about a student of the school.
  await follow(page, menu(page, 'Teaching').getByRole('link', { name: 'Alerts' }), id);
  expectOnly(await optionsOf(page.getByRole('combobox', { name: 'Class' })), own.classes, other.classes);
  await page.getByRole('combobox', { name: 'What' }).selectOption({ label: 'Everything' });
  await expect(page).toHaveURL(new RegExp(`school_id=${id}`));
  const alertLinks = page.getByRole('link', { name: /’s page$/ });
  await expect(alertLinks.first()).toBeVisible();
  const alertNames = (await alertLinks.allTextContents()).map((text) =>
    text.replace(/^Open /, '').replace(/’s page$/, ''),
  );
  expect(alertNames.filter((name) => !own.students.includes(name))).toEqual([]);
  await follow(page, alertLinks.first(), id);

  // Settings and Resources keep the school.
  await follow(page, menu(page, 'Teaching').getByRole('link', { name: 'Settings' }), id);
  await expect(page.getByText('Settings apply to this class only.')).toBeVisible();
  await follow(page, menu(page, 'Teaching').getByRole('link', { name: 'Resources' }), id);

  // Assigned opens on the class last looked at, among the school's classes only.
  await follow(page, menu(page, 'Assignments').getByRole('link', { name: 'Assigned' }), id);
  const assignedClass = page.getByRole('combobox', { name: 'Class' });
  await expect(assignedClass.locator('option:checked')).toHaveText(lastLooked);
  expectOnly(await optionsOf(assignedClass), own.classes, other.classes);
  await follow(page, menu(page, 'Assignments').getByRole('link', { name: 'All power builders' }), id);

  // Manage: the school's classes and students.
  await follow(page, menu(page, 'Manage').getByRole('link', { name: 'Classes' }), id);
  for (const name of own.classes) await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  for (const name of other.classes)
    await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
  await follow(page, menu(page, 'Manage').getByRole('link', { name: 'Students' }), id);
  // A page of 25: some of the school's students, none of the other's.
  const managed = page.getByRole('table');
  await expect(managed.getByRole('row').nth(1)).toBeVisible();
  const managedText = await managed.innerText();
  expect(own.students.filter((name) => managedText.includes(name)).length).toBeGreaterThan(0);
  expect(other.students.filter((name) => managedText.includes(name))).toEqual([]);

  // Insights and the district keep it; so do the account menu and the hub.
  await follow(page, menu(page, 'Insights').getByRole('link', { name: 'Insights' }), id);
  await follow(page, menu(page, 'District').getByRole('link', { name: 'Overview' }), id);
  await expect(page.getByRole('table', { name: 'Your schools' }).getByRole('rowheader')).toHaveText([
    new RegExp(willow.name),
  ]);
  await follow(page, page.getByRole('link', { name: 'ReadAlong' }), id);
  await follow(page, page.getByRole('link', { name: /Students/ }).first(), id);

  // The other school: the Students page now lists its students alone (the tester's finding).
  await pickSchool(page, harbour.name, harbour.school_id);
  await expect(
    page.getByText(`Showing ${harbour.student_count} of ${harbour.student_count} students`),
  ).toBeVisible();
  expectOnly(await names.allTextContents(), other.students, own.students);
});
