/**
 * [TEACHER] Teachers teach (issue 14): the demo teacher finds a struggling student from their home, opens the
 * report, sets a WCPM goal and assigns that student a book whose quiz asks for an answer in their own words; the
 * student reads it, records it and answers; the teacher marks the answer and grades the recording; the student sees
 * the goal reached and the news of it. Each staff screen passes axe with the keyboard on its heading.
 */
import { expect, test, type Page } from '@playwright/test';
import { LAPTOP, axeViolations, expectFocusOnHeading, settle } from '../support/accessibility';
import { booksOfBand, type LibraryPassage } from '../support/library';
import { RECORD_MS, withFakeMicrophone } from '../support/microphone';
import { answerQuiz } from '../support/quiz';
import { saveScreenshot } from '../support/screenshots';
import { signIn, signOut } from '../support/session';

test.use({ launchOptions: withFakeMicrophone, viewport: LAPTOP });

/** Low enough that one graded recording of a few sentences reaches it. */
const WCPM_GOAL = 20;

/** A staff screen just opened: the keyboard is on its heading and axe finds nothing. */
async function expectAccessibleScreen(page: Page) {
  await expectFocusOnHeading(page);
  await settle(page);
  expect(await axeViolations(page)).toEqual([]);
}

/** Turns every page of the book the reader shows, from the first. */
async function readToTheEnd(page: Page) {
  const counter = page.getByText(/^Page \d+ of \d+$/);
  await expect(counter).toHaveText(/^Page 1 of \d+$/, { timeout: 15_000 });
  const pageCount = Number((await counter.textContent())!.match(/of (\d+)/)![1]);
  for (let turned = 2; turned <= pageCount; turned++) {
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(counter).toHaveText(`Page ${turned} of ${pageCount}`);
  }
}

test('[TEACHER] finds a struggling student, sets a goal, assigns a book, marks the work; the student reaches the goal', async ({
  page,
}) => {
  test.setTimeout(180_000);

  // The teacher's home: their students, narrowed to one class and sorted lowest last quiz first.
  await signIn(page, 'demo.teacher');
  await expect(page).toHaveURL(/\/teacher\/students$/);
  const table = page.getByRole('table');
  await expect(table).toBeVisible({ timeout: 15_000 });
  const classFilter = page.getByRole('combobox', { name: 'Class' });
  const className = (await classFilter.locator('option').nth(1).textContent())!;
  await classFilter.selectOption({ label: className });
  const lastQuiz = page.getByRole('columnheader', { name: /Last quiz/ });
  await lastQuiz.getByRole('button').click();
  await lastQuiz.getByRole('button').click();
  await expect(lastQuiz).toHaveAttribute('aria-sort', 'ascending');
  const struggling = table.getByRole('row').filter({ hasText: 'Not passed' }).first();
  const studentLink = struggling.getByRole('link');
  const name = (await studentLink.innerText()).trim();
  await studentLink.click();

  // The student's page: their username and level, then the report.
  await expect(page).toHaveURL(/\/teacher\/students\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible({ timeout: 15_000 });
  await expectAccessibleScreen(page);
  const username = (await page.getByText(/^Username /).innerText()).replace('Username ', '').trim();
  const band = (
    await page
      .getByText(/ band, series /)
      .first()
      .innerText()
  )
    .split(',')[0]!
    .trim();
  await page.getByRole('link', { name: 'Open the report' }).click();
  await expect(page).toHaveURL(/\/report$/);
  await expectAccessibleScreen(page);
  await page.goBack();

  // A WCPM goal of the student's own.
  const firstName = name.split(' ')[0]!;
  await page.getByRole('button', { name: `Set ${firstName}’s goal` }).click();
  const goalDialog = page.getByRole('dialog', { name: `${name}’s reading goal` });
  await goalDialog.getByRole('textbox', { name: /^WCPM/ }).fill(String(WCPM_GOAL));
  await goalDialog.getByRole('button', { name: 'Save goal' }).click();
  await expect(goalDialog).toHaveCount(0);
  await expect(page.getByText(new RegExp(`WCPM .* of ${WCPM_GOAL}`)).first()).toBeVisible();

  // From the library, a book of the student's band whose quiz has a question answered in their own words.
  await page.getByRole('link', { name: 'All power builders' }).first().click();
  await expect(page).toHaveURL(/\/assingments\/all-power-builders/);
  await expectFocusOnHeading(page);
  await page.getByRole('combobox', { name: 'Colour band' }).click();
  // A colour names a band in more than one series' range: the first of that colour.
  await page
    .getByRole('option', { name: new RegExp(`^${band}`) })
    .first()
    .click();
  await expect(page).toHaveURL(/band=\d+/);
  const bandId = Number(new URL(page.url()).searchParams.get('band'));
  const book: LibraryPassage = booksOfBand(bandId).find((candidate) =>
    candidate.questions.some((question) => question.type === 'open_ended'),
  )!;
  await expect(page.getByRole('button', { name: `Assign ${book.title}` })).toBeVisible({ timeout: 15_000 });
  await settle(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: `Assign ${book.title}` }).click();
  const assign = page.getByRole('dialog', { name: `Assign “${book.title}”` });
  await assign.getByRole('combobox', { name: 'Class' }).selectOption({ label: className });
  await assign.getByRole('radio', { name: 'Chosen students' }).check();
  await assign.getByRole('checkbox', { name, exact: true }).check();
  await assign.getByRole('switch', { name: 'Read aloud and send the recording' }).check();
  await assign
    .getByRole('textbox', { name: 'Note for the students' })
    .fill('Read it to me, then tell me why.');
  expect(await axeViolations(page)).toEqual([]);
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByText(`“${book.title}” is assigned. Its students are told.`)).toBeVisible();
  await signOut(page);

  // The student: the book from their teacher, read, recorded for the teacher, then its quiz.
  await signIn(page, username);
  await expect(page).toHaveURL('/home');
  const fromTeacher = page.getByRole('region', { name: 'From your teacher' });
  await expect(fromTeacher.getByText('Your teacher says: “Read it to me, then tell me why.”')).toBeVisible();
  await fromTeacher.getByRole('button', { name: `Start: ${book.title}` }).click();
  await readToTheEnd(page);
  await page.getByRole('link', { name: /Read it aloud/ }).click();
  await expect(page.getByText('Record your reading for your teacher')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: /Start recording/ }).click();
  await expect(page.getByText('Recording…')).toBeVisible();
  // The fake microphone plays its take once: the child reads for as long as it lasts.
  await page.waitForTimeout(RECORD_MS);
  await page.getByRole('button', { name: /Stop/ }).click();
  await page.getByRole('button', { name: /Send to my teacher/ }).click();
  await expect(page.getByText('Sent!')).toBeVisible({ timeout: 30_000 });
  // Back in the book, to its end again, where the quiz waits.
  await page.goBack();
  await readToTheEnd(page);
  await page.getByRole('link', { name: /Take the quiz/ }).click();
  await answerQuiz(page, book.questions);
  await expect(page.getByRole('link', { name: /Go home/ })).toBeVisible({ timeout: 15_000 });
  await signOut(page);

  // The teacher marks the written answer and grades the recording on the class page.
  await signIn(page, 'demo.teacher');
  await page.getByRole('link', { name: 'Class', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Class' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Class' }).click();
  await page.getByRole('option', { name: className }).click();
  const toMark = page.getByRole('region', { name: /^Written answers to mark/ }).getByRole('article');
  await expect(toMark.first()).toBeVisible({ timeout: 15_000 });
  // Oldest first, five at a time: the teacher shows more until the new answer is there.
  const answer = toMark.filter({ has: page.getByRole('heading', { name: `${name} · “${book.title}”` }) });
  while ((await answer.count()) === 0) {
    const shown = await toMark.count();
    await page.getByRole('button', { name: 'Show more answers' }).click();
    await expect(toMark).not.toHaveCount(shown);
  }
  await expectAccessibleScreen(page);
  // Full marks, read from the field's label: "Marks (0–2)".
  const marks = answer.getByRole('textbox', { name: /^Marks \(0–/ });
  const most = (await answer.getByText(/^Marks \(0–/).innerText()).match(/0–([\d.]+)/)![1]!;
  await marks.fill(most);
  await answer.getByRole('textbox', { name: /^Comment for the student/ }).fill('A good reason, well put.');
  await answer.getByRole('button', { name: 'Save mark' }).click();
  await expect(page.getByText(new RegExp(`Mark saved: ${name}’s quiz is now \\d+%`))).toBeVisible();

  await page
    .getByRole('region', { name: /^Waiting for review/ })
    .getByRole('link', { name: `Review ${name}’s reading of ${book.title}` })
    .click();
  const words = page.getByRole('group', { name: 'Words of the passage' });
  await expect(words).toBeVisible({ timeout: 15_000 });
  await settle(page);
  expect(await axeViolations(page)).toEqual([]);
  // One word mispronounced; the take holds two sentences, so the fourteenth word is the last one read.
  await words.locator('button[data-word="1"]').focus();
  await page.keyboard.press('m');
  await words.locator('button[data-word="13"]').focus();
  await page.keyboard.press('l');
  await expect(page.getByRole('status').filter({ hasText: 'Marks saved' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm trim' }).click();
  await expect(page.getByRole('button', { name: 'Trim confirmed' })).toBeVisible();
  expect(Number(await page.locator('[data-figure="WCPM"]').innerText())).toBeGreaterThanOrEqual(WCPM_GOAL);
  await page.getByLabel('Comment for the student').fill('Lovely reading.');
  await page.getByRole('button', { name: 'Send comment' }).click();
  await expect(page.getByText('Reviewed', { exact: true })).toBeVisible();
  await signOut(page);

  // The student: the goal reached on home, and the news of it.
  await signIn(page, username);
  const goals = page.getByRole('region', { name: 'My goals' });
  await expect(goals.getByText('Goal reached!')).toBeVisible({ timeout: 15_000 });
  await expect(
    goals.getByRole('progressbar', { name: new RegExp(`^WCPM .* of ${WCPM_GOAL}: goal reached$`) }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Your news' }).getByText(/goal for words read right in a minute/),
  ).toBeVisible();
  await settle(page);
  await saveScreenshot(page, 'teachers-teach-goal-reached');
});
