/**
 * docs/rules.md C46, R32, R7: a student's own choice of book reaches its end, with read-aloud on and off. Each
 * journey picks a new book in the library, reads every page, hands in the quiz and (read-aloud on) records and sends a
 * take; the book is then Finished in the library and My work, and counted in the teacher's books this week.
 * Yusuf and Ruby (demo.teacher's classes) are used by no other journey.
 */
import { expect, test, type Page } from '@playwright/test';
import { booksOfBand, type LibraryPassage } from '../support/library';
import { withFakeMicrophone } from '../support/microphone';
import { answerQuiz } from '../support/quiz';
import { saveScreenshot } from '../support/screenshots';
import { signIn } from '../support/session';

test.use({ launchOptions: withFakeMicrophone });

const QUIZ_IN = /^(Well done, you passed!|Your answers are in!)$/;
const READS_ALOUD = { username: 'yusuf.demir', name: 'Yusuf Demir' };
const READS_SILENTLY = { username: 'ruby.castillo', name: 'Ruby Castillo' };

/** The teacher's home: the student's books completed since Monday (P13, P10). */
async function booksThisWeek(page: Page, name: string): Promise<number> {
  await signIn(page, 'demo.teacher');
  await page.goto('/teacher/students');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible({ timeout: 15_000 });
  // The cells in order: classes, level, books this week (some hidden on small screens, never removed).
  const books = Number((await row.locator('td').nth(2).innerText()).match(/\d+/)![0]);
  await leave(page);
  return books;
}

/** Signs out through the account menu, waiting for the login screen as long as a loaded machine needs. */
async function leave(page: Page) {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/, { timeout: 15_000 });
}

/** A book of the student's own band they have not opened, with its answer keys. */
async function chooseNewBook(page: Page): Promise<LibraryPassage> {
  await page.goto('/power-builders');
  const yourLevel = page.getByRole('region', { name: 'Your level' });
  await expect(yourLevel.getByRole('article').first()).toBeVisible({ timeout: 15_000 });
  for (const card of await yourLevel.getByRole('article').all()) {
    if ((await card.getByText('New', { exact: true }).count()) === 0) continue;
    const title = (await card.getByRole('heading', { level: 3 }).innerText()).trim();
    const book = Array.from({ length: 18 }, (_, band) => booksOfBand(band + 3))
      .flat()
      .find((candidate) => candidate.title === title);
    if (book) return book;
  }
  throw new Error('no new book in the student’s band');
}

/** Opens the book from its card and reads to the last page, its progress stored. */
async function readEveryPage(page: Page, book: LibraryPassage) {
  await page.getByRole('link', { name: `Read ${book.title}`, exact: true }).click();
  const counter = page.getByText(/^Page \d+ of \d+$/);
  await expect(counter).toHaveText(/^Page 1 of \d+$/);
  const pageCount = Number((await counter.textContent())!.match(/of (\d+)/)![1]);
  for (let turned = 2; turned <= pageCount; turned++) {
    const saved =
      turned === pageCount
        ? page.waitForResponse((response) => /\/progress$/.test(new URL(response.url()).pathname))
        : undefined;
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(counter).toHaveText(`Page ${turned} of ${pageCount}`);
    await saved;
  }
}

async function expectFinished(page: Page, book: LibraryPassage) {
  // A loaded machine takes a while to draw the library: wait for the card itself, then its state.
  await page.goto('/power-builders');
  const card = page.getByRole('article', { name: book.title });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card).toContainText('Finished');
  await page.goto('/my-work');
  const finished = page.getByRole('region', { name: 'Finished books' });
  await expect(finished.getByRole('listitem', { name: book.title })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Keep going' })).not.toContainText(book.title);
}

test('[STUDENT] read-aloud on: reads a book of their choosing, hands in its quiz, sends a take, and it is finished and counted', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const before = await booksThisWeek(page, READS_ALOUD.name);

  await signIn(page, READS_ALOUD.username);
  const book = await chooseNewBook(page);
  await readEveryPage(page, book);
  // Read-aloud is on: the last page offers practising aloud beside the quiz, the way on.
  await expect(page.getByRole('link', { name: 'Read it aloud', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Take the quiz' }).click();
  await answerQuiz(page, book.questions);
  // Written answers wait for the teacher's mark; the quiz is in either way (R7).
  await expect(page.getByRole('heading', { name: QUIZ_IN })).toBeVisible({ timeout: 15_000 });
  // The quiz is in and the teacher waits for the recording: that is the way on, never the quiz again.
  await expect(page.getByRole('link', { name: 'Read it aloud to your teacher' })).toBeVisible();
  await saveScreenshot(page, 'journey-quiz-then-read-aloud');

  // Every screen says the same: the library's card and My work.
  await page.goto('/power-builders');
  await expect(page.getByRole('article', { name: book.title })).toContainText('Read aloud next', {
    timeout: 15_000,
  });
  await page.goto('/my-work');
  const onTheGo = page.getByRole('region', { name: 'Keep going' });
  await expect(onTheGo.getByRole('link', { name: `Take the quiz: ${book.title}` })).toHaveCount(0);
  await onTheGo.getByRole('link', { name: `Read it aloud to your teacher: ${book.title}` }).click();

  await expect(page.getByText('Record your reading for your teacher')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: /Start recording/ }).click();
  await expect(page.getByText('Recording…')).toBeVisible();
  // A few seconds of the fake microphone's take: the recorder's own clock says when.
  await expect(page.getByLabel('Time recorded')).toHaveText(/^0:0[3-9]$/, { timeout: 20_000 });
  await page.getByRole('button', { name: /Stop/ }).click();
  await page.getByRole('button', { name: /Send to my teacher/ }).click();
  await expect(page.getByText('Sent!')).toBeVisible({ timeout: 30_000 });
  await saveScreenshot(page, 'journey-sent');
  await page.getByRole('link', { name: 'Back to my books' }).click();
  await expect(page).toHaveURL('/power-builders');

  await expectFinished(page, book);
  await leave(page);
  expect(await booksThisWeek(page, READS_ALOUD.name)).toBe(before + 1);
});

test('[STUDENT] read-aloud off: reads a book of their choosing, hands in its quiz, and it is finished and counted', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const before = await booksThisWeek(page, READS_SILENTLY.name);

  await signIn(page, READS_SILENTLY.username);
  const book = await chooseNewBook(page);
  await readEveryPage(page, book);
  await expect(page.getByRole('link', { name: /Read it aloud/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Take the quiz' }).click();
  await answerQuiz(page, book.questions);
  // Written answers wait for the teacher's mark; the quiz is in either way (R7).
  await expect(page.getByRole('heading', { name: QUIZ_IN })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: /Read it aloud/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Choose my next book' }).click();
  await expect(page).toHaveURL('/power-builders');

  await expectFinished(page, book);
  await leave(page);
  expect(await booksThisWeek(page, READS_SILENTLY.name)).toBe(before + 1);
});
