import { expect, test, type Page } from '@playwright/test';
import { booksOfBand, placementTestOf, type LibraryPassage } from '../support/library';
import { answerQuiz } from '../support/quiz';
import { saveScreenshot } from '../support/screenshots';
import { signIn, signOut } from '../support/session';

/** A new student of Grade 3 Maple in the demo district: series B, no band until the placement test. */
const NEW_STUDENT = 'chloe.park';

/** The id of a book, from its card in the student's library. */
async function bookIdOf(page: Page, title: string): Promise<string> {
  const href = await page.getByRole('link', { name: `Read ${title}`, exact: true }).getAttribute('href');
  return href!.match(/\/power-builders\/(\d+)\//)![1]!;
}

/** Reads every page with narration on, checking that a word is highlighted as it is spoken. */
async function readWithNarration(page: Page) {
  const counter = page.getByText(/^Page \d+ of \d+$/);
  const pageCount = Number((await counter.textContent())!.match(/of (\d+)/)![1]);
  // A book opened for the first time is narrated on the server in a few seconds; the reader waits for it.
  await page.getByRole('button', { name: 'Read to me' }).click({ timeout: 60_000 });
  await expect(page.locator('[aria-current="true"]')).toHaveCount(1, { timeout: 20_000 });
  await saveScreenshot(page, 'journey-narration');
  for (let turned = 2; turned <= pageCount; turned++) {
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(counter).toHaveText(`Page ${turned} of ${pageCount}`);
  }
}

test('[STUDENT] a new student is placed, reads with narration, answers every question type and levels up', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, NEW_STUDENT);
  await expect(page).toHaveURL('/home');

  // Placement: the passages, then the questions, all answered right: the top band of series B.
  await page.getByRole('link', { name: /placement test/i }).click();
  await expect(page).toHaveURL('/placement');
  const placement = placementTestOf('B');
  await page.getByRole('button', { name: 'Start reading' }).click();
  for (let turned = 1; turned < placement.pages.length; turned++)
    await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: /Answer the questions/ }).click();
  await answerQuiz(page, placement.questions, /Finish the test/);
  await expect(page.getByRole('heading', { name: 'You found your level!' })).toBeVisible();
  await expect(page.getByText('Blue band, series B')).toBeVisible();
  await saveScreenshot(page, 'journey-placed');

  // The band's books: the first read with narration, every one answered right.
  const books: LibraryPassage[] = booksOfBand(13).slice(0, 5);
  expect(books).toHaveLength(5);
  await page.getByRole('link', { name: /Find my first book/ }).click();
  await expect(page).toHaveURL('/power-builders');
  const ids = [];
  for (const book of books) ids.push(await bookIdOf(page, book.title));

  const quizWithEveryType = books.findIndex(
    (book) => new Set(book.questions.map((question) => question.type)).size === 8,
  );
  expect(quizWithEveryType, 'a band-13 book whose quiz has all eight question types').toBeGreaterThan(-1);
  books.unshift(books.splice(quizWithEveryType, 1)[0]!);
  ids.unshift(ids.splice(quizWithEveryType, 1)[0]!);

  await page.getByRole('link', { name: `Read ${books[0]!.title}`, exact: true }).click();
  await readWithNarration(page);
  await page.getByRole('link', { name: /Take the quiz/ }).click();

  for (const [index, book] of books.entries()) {
    if (index > 0) await page.goto(`/power-builders/${ids[index]}/quiz`);
    await answerQuiz(page, book.questions);
    await expect(page.getByRole('heading', { name: 'Well done, you passed!' })).toBeVisible();
    if (index === 0) {
      await expect(page.getByText(/^\+\d+ coins$/)).toBeVisible();
      await saveScreenshot(page, 'journey-quiz-result');
    }
  }

  // The fifth pass moves the student up, with the medal their average earned.
  await expect(page.getByRole('heading', { name: 'You moved up a level!' })).toBeVisible();
  await expect(page.getByText(/Gold medal/)).toBeVisible();
  await expect(page.getByText(/Your new level: Purple band/)).toBeVisible();
  await saveScreenshot(page, 'journey-level-up');
  await signOut(page);
});

test('[TEACHER] previews a book and its quiz in demo mode, and nothing is recorded', async ({ page }) => {
  const [book] = booksOfBand(13);
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/api/v1/worksheets'))
      writes.push(request.url());
  });
  await signIn(page, 'demo.teacher');
  await expect(page).toHaveURL('/teacher/students');
  await page.goto('/assingments/all-power-builders');
  await page.getByRole('combobox', { name: 'Colour band' }).click();
  await page.getByRole('option', { name: /^Blue band/ }).click();
  await page.getByRole('link', { name: `Preview ${book!.title}` }).click();
  await expect(page.getByText('Demonstration: nothing you do here is saved.')).toBeVisible();
  await saveScreenshot(page, 'journey-teacher-demo-read');

  await page.goBack();
  await page.getByRole('link', { name: `Try the quiz of ${book!.title}` }).click();
  await answerQuiz(page, book!.questions, /Check the answers/);
  await expect(page.getByRole('heading', { name: 'Well done, you passed!' })).toBeVisible();
  await saveScreenshot(page, 'journey-teacher-demo-quiz');
  expect(writes).toEqual([]);
});
