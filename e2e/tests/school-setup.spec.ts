/**
 * [DEPARTMENT HEAD] sets up a new school (issue 13, item 7): the operator's set-up command makes a new district, its
 * school with a 3-seat licence pack and its department head, on the running server's database (as `npm run setup`
 * does on a fresh install); the head chooses a password from the mailed link, imports a OneRoster zip (the dry run
 * shows the one bad row, the fixed file is committed), exports a class, and a newly imported student signs in and
 * reads. With every seat taken, the next import and the next new student are refused, saying how many seats are left.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { dataDir } from '../server-env';
import { LAPTOP, PHONE, axeViolations, clippedElements, settle } from '../support/accessibility';
import {
  oneRosterZip,
  type OneRoster as Roster,
  type OneRosterPerson as RosterPerson,
} from '../../apps/server/src/modules/roster-import/roster-files.fixtures';
import { latestMailTo } from '../support/outbox';
import { signIn, signOut } from '../support/session';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const SHOTS = '/tmp/shots';

/** A suffix that keeps this run's usernames apart from an earlier run's on a reused server. */
const run = Date.now().toString(36).slice(-5);
const head = {
  username: `lena.park.${run}`,
  email: `lena.park.${run}@lakeside.test`,
  password: 'lakeside ducks 7',
};
const SCHOOL = `Lakeside Primary ${run}`;

const teacher: RosterPerson = {
  sourcedId: 'u-teacher-1',
  role: 'teacher',
  username: `r.okafor.${run}`,
  givenName: 'Ruth',
  familyName: 'Okafor',
  email: `r.okafor.${run}@lakeside.test`,
};
const pupil = (sourcedId: string, givenName: string, familyName: string): RosterPerson => ({
  sourcedId,
  role: 'student',
  username: `${givenName}.${familyName}.${run}`.toLowerCase(),
  givenName,
  familyName,
  grades: '03',
  password: `${givenName}-Tree-42`,
});
const maya = pupil('u-student-1', 'Maya', 'Lee');
const tom = pupil('u-student-2', 'Tom', 'Berg');
const ava = pupil('u-student-3', 'Ava', 'Cho');

/** Class 3A with its teacher and three students; `tomsClass` is where Tom's enrolment points. */
const rosterWith = (tomsClass: string): Roster => ({
  users: [teacher, maya, tom, ava],
  classes: [{ sourcedId: 'class-3a', title: 'Class 3A' }],
  enrollments: [
    { classSourcedId: 'class-3a', userSourcedId: teacher.sourcedId, role: 'teacher' },
    { classSourcedId: 'class-3a', userSourcedId: maya.sourcedId, role: 'student' },
    { classSourcedId: tomsClass, userSourcedId: tom.sourcedId, role: 'student' },
    { classSourcedId: 'class-3a', userSourcedId: ava.sourcedId, role: 'student' },
  ],
});

/** The operator's set-up command, run as on the server's machine, against the e2e server's database. */
async function setUpDistrict() {
  const { stdout } = await promisify(execFile)(
    'npm',
    [
      'run',
      'setup',
      '--',
      ...['--district', `Lakeside District ${run}`, '--school', SCHOOL, '--name', 'Lena Park'],
      ...['--email', head.email, '--username', head.username, '--seats', '3', '--until', '2099-12-31'],
    ],
    { cwd: repositoryRoot, env: { ...process.env, DATA_DIR: dataDir }, timeout: 120_000 },
  );
  expect(stdout).toContain('Licence: 3 seats');
}

/** The head follows the mailed link, chooses a password and signs in. */
async function chooseHeadPassword(page: Page) {
  const mail = await latestMailTo(head.email);
  const path = /\/reset-password\/[\w-]+/.exec(mail)?.[0];
  expect(path, 'the set-up mail holds a link to choose a password').toBeTruthy();
  await page.goto(path!);
  await page.getByLabel('New password', { exact: true }).fill(head.password);
  await page.getByLabel('Confirm new password').fill(head.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your password has been changed' })).toBeVisible();
  await page.goto('/login');
  await signIn(page, head.username, head.password);
}

/** An import state passes the screen budgets (axe, nothing clipped at 360 px); a picture of each width is kept. */
async function checkState(page: Page, name: string) {
  await settle(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/import-${name}-1280.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await settle(page);
  expect(await clippedElements(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/import-${name}-360.png`, fullPage: true });
  await page.setViewportSize(LAPTOP);
}

/** Step 1 of the import screen: the school, the file, the upload. */
async function upload(page: Page, fileName: string, roster: Roster) {
  await page.getByRole('combobox', { name: 'Import into the school' }).click();
  await page.getByRole('option', { name: SCHOOL }).click();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: fileName, mimeType: 'application/zip', buffer: await oneRosterZip(roster) });
  await page.getByRole('button', { name: 'Upload and check' }).click();
}

/**
 * Holds the screen's reads of the import until the returned function is called, so the state the upload or the commit
 * answered (the server's own `validating` or `committing` job) stays on screen long enough to be checked. The route
 * stays: once released it passes every read straight on (removing it mid-request would drop the held one).
 */
async function holdImportReads(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/v1\/roster\/imports\/\d+$/, async (route) => {
    await released;
    await route.fallback();
  });
  return release;
}

const cellsOf = (page: Page, rowText: string) =>
  page.getByRole('row').filter({ hasText: rowText }).first().getByRole('cell').allTextContents();

test('[DEPARTMENT HEAD] sets up a new school by importing its roster; its students read; its seats run out', async ({
  page,
}) => {
  test.setTimeout(480_000);
  await mkdir(SHOTS, { recursive: true });
  await page.setViewportSize(LAPTOP);
  await setUpDistrict();
  await chooseHeadPassword(page);

  await test.step('the dry run shows the bad row, with its file, row and column', async () => {
    await page.getByRole('link', { name: 'Import' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Import a roster' })).toBeVisible();
    // The pointer leaves the menu: a hovered menu entry is not what this screen's check is about.
    await page.mouse.move(800, 10);
    await checkState(page, 'choose');
    const releaseReads = await holdImportReads(page);
    await upload(page, 'lakeside-roster.zip', rosterWith('class-9z'));
    await expect(page.getByRole('heading', { name: 'Checking the file' })).toBeVisible();
    await checkState(page, 'validating');
    releaseReads();
    await expect(page.getByRole('heading', { name: '1 problem in lakeside-roster.zip' })).toBeVisible({
      timeout: 30_000,
    });
    // enrollments.csv: the header is row 1, Tom's enrolment the fourth line.
    expect(await cellsOf(page, 'no class with this sourcedId')).toEqual(
      expect.arrayContaining([
        'enrollments.csv',
        '4',
        'classSourcedId',
        'no class with this sourcedId in classes.csv',
      ]),
    );
    await checkState(page, 'invalid');
  });

  await test.step('the fixed file shows what it adds, and is committed', async () => {
    await page.getByRole('button', { name: 'Upload a different file' }).click();
    await upload(page, 'lakeside-roster-fixed.zip', rosterWith('class-3a'));
    await expect(page.getByRole('heading', { name: 'Check what the file changes' })).toBeVisible({
      timeout: 30_000,
    });
    // New, updated, unchanged: everyone is new.
    expect((await cellsOf(page, 'Students')).slice(-3)).toEqual(['3', '0', '0']);
    expect((await cellsOf(page, 'Teachers')).slice(-3)).toEqual(['1', '0', '0']);
    expect((await cellsOf(page, 'Classes')).slice(-3)).toEqual(['1', '0', '0']);
    expect((await cellsOf(page, 'Enrolments')).slice(-3)).toEqual(['4', '0', '0']);
    await expect(page.getByText('3 of 3 free licence seats taken by the new students · full')).toBeVisible();
    await checkState(page, 'ready');

    const releaseReads = await holdImportReads(page);
    await page.getByRole('button', { name: 'Add to the school' }).click();
    await expect(page.getByRole('heading', { name: 'Adding to the school' })).toBeVisible();
    await checkState(page, 'committing');
    releaseReads();
    await expect(page.getByRole('heading', { name: 'The roster is added' })).toBeVisible({ timeout: 60_000 });
    await checkState(page, 'committed');
  });

  await test.step('the imported class exports its students', async () => {
    await page.getByRole('link', { name: 'See the classes' }).click();
    await page.getByRole('link', { name: 'Class 3A' }).click();
    await expect(page.getByRole('heading', { name: 'Class 3A' })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const lines = (await readFile(await download.path(), 'utf8')).split('\r\n');
    expect(lines[0]).toBe('\uFEFFName,Username,Level,Latest WPM,Latest WCPM,Books completed');
    for (const student of [maya, tom, ava]) {
      expect(
        lines.some((line) =>
          line.startsWith(`${student.givenName} ${student.familyName},${student.username},`),
        ),
      ).toBe(true);
    }
    await signOut(page);
  });

  await test.step('an imported student signs in with the file’s password and reads', async () => {
    await signIn(page, maya.username, maya.password);
    await expect(page).toHaveURL('/home');
    await page.getByRole('link', { name: /placement test/i }).click();
    await expect(page).toHaveURL('/placement');
    await page.getByRole('button', { name: 'Start reading' }).click();
    const counter = page.getByText(/^Page \d+ of \d+$/);
    await expect(counter).toHaveText(/^Page 1 of \d+$/);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(counter).toHaveText(/^Page 2 of \d+$/);
    await page.screenshot({ path: `${SHOTS}/import-student-reads.png` });
    await signOut(page);
  });

  await test.step('with every seat taken, the next import and the next student are refused', async () => {
    await signIn(page, head.username, head.password);
    await page.getByRole('link', { name: 'Import' }).click();
    const leo = pupil('u-student-4', 'Leo', 'Diaz');
    await upload(page, 'lakeside-newcomer.zip', {
      users: [leo],
      classes: [{ sourcedId: 'class-3a', title: 'Class 3A' }],
      enrollments: [{ classSourcedId: 'class-3a', userSourcedId: leo.sourcedId, role: 'student' }],
    });
    await expect(page.getByRole('heading', { name: '1 problem in lakeside-newcomer.zip' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(
      page.getByRole('table').getByText('not enough licence seats: 0 seats left, 1 student to add'),
    ).toBeVisible();
    await checkState(page, 'seats');

    await page.getByRole('link', { name: 'Classes' }).click();
    await page.getByRole('link', { name: 'Class 3A' }).click();
    await page.getByRole('button', { name: 'New students' }).click();
    await page.getByRole('textbox', { name: 'First name' }).fill('Leo');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Diaz');
    await page.getByRole('textbox', { name: 'Username' }).fill(leo.username);
    await page.getByRole('button', { name: 'Create the student' }).click();
    await expect(page.getByRole('alert')).toContainText('0 seats left, 1 student to add');
  });
});
