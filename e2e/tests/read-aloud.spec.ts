import { expect, test, type Page } from '@playwright/test';
import { RECORD_MS, SILENCE_BEFORE_S, speechSeconds, withFakeMicrophone } from '../support/microphone';
import { saveScreenshot } from '../support/screenshots';
import { signIn, signOut } from '../support/session';

test.use({ launchOptions: withFakeMicrophone });

test.describe.configure({ mode: 'serial' });

/** The book the student recorded, for the teacher and the student to find again. */
let bookTitle = '';

test('[STUDENT] records a book for the teacher; the connection drops during the upload and it arrives once', async ({
  page,
  context,
}) => {
  const stored: number[] = [];
  page.on('response', (response) => {
    if (response.request().method() === 'POST' && /\/worksheets\/\d+\/recording$/.test(response.url()))
      stored.push(response.status());
  });
  await signIn(page, 'demo.student');
  await expect(page).toHaveURL('/home');
  await page.goto('/power-builders');
  const href = await page
    .getByRole('link', { name: /^Read / })
    .first()
    .getAttribute('href');
  const bookId = href!.match(/\/power-builders\/(\d+)\//)![1];
  await page.goto(`/power-builders/${bookId}/read-aloud/assignment`);
  bookTitle = (await page.getByRole('main').getByRole('heading', { level: 2 }).first().innerText()).trim();

  await page.getByRole('button', { name: /Start recording/ }).click();
  await expect(page.getByText('Recording…')).toBeVisible();
  await page.waitForTimeout(RECORD_MS);
  await page.getByRole('button', { name: /Stop/ }).click();
  await expect(page.getByRole('button', { name: /Send to my teacher/ })).toBeVisible();

  // The connection drops as the child sends: the take waits on this device and says so.
  await context.setOffline(true);
  await page.getByRole('button', { name: /Send to my teacher/ }).click();
  await expect(page.getByText('Waiting to upload…')).toBeVisible();
  await saveScreenshot(page, 'read-aloud-waiting');
  expect(stored).toEqual([]);

  // Back online, it is sent by itself, once.
  await context.setOffline(false);
  await expect(page.getByText('Sent!')).toBeVisible({ timeout: 30_000 });
  await saveScreenshot(page, 'read-aloud-sent');
  await page.waitForTimeout(2_000);
  expect(stored).toEqual([201]);
});

const seconds = async (page: Page, name: string) =>
  Number(await page.getByRole('slider', { name }).getAttribute('aria-valuenow'));

test('[TEACHER] reviews it: the suggested trim finds the speech, two words marked, a comment sent', async ({
  page,
}) => {
  await signIn(page, 'demo.teacher');
  await page.goto('/teacher/class');
  await page.getByRole('combobox', { name: 'Class' }).click();
  await page.getByRole('option', { name: 'Grade 3 Maple' }).click();
  const waiting = page.getByRole('region', { name: /^Waiting for review/ });
  await waiting
    .getByRole('link', { name: new RegExp(`Review Leo Fontaine’s reading of ${escape(bookTitle)}`) })
    .first()
    .click();
  await expect(page.getByRole('group', { name: 'Words of the passage' })).toBeVisible();

  // Where the teacher's handles start: the server's suggestion, within half a second of the true bounds.
  expect(Math.abs((await seconds(page, 'Reading starts')) - SILENCE_BEFORE_S)).toBeLessThan(0.5);
  expect(Math.abs((await seconds(page, 'Reading ends')) - (SILENCE_BEFORE_S + speechSeconds))).toBeLessThan(
    0.5,
  );
  await saveScreenshot(page, 'review-opened');

  // The end handle drags with the mouse; the suggestion can be taken back. Playback speed reaches the player.
  const suggestedEnd = await seconds(page, 'Reading ends');
  const handle = (await page.getByRole('slider', { name: 'Reading ends' }).boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x - 60, handle.y + handle.height / 2, { steps: 6 });
  await page.mouse.up();
  expect(await seconds(page, 'Reading ends')).toBeLessThan(suggestedEnd - 0.3);
  await page.getByRole('button', { name: /^Use the suggested/ }).click();
  expect(await seconds(page, 'Reading ends')).toBe(suggestedEnd);
  await page.getByText('0.75×').click();
  expect(await page.locator('audio').evaluate((audio: HTMLAudioElement) => audio.playbackRate)).toBe(0.75);

  // Two mistakes, from the keyboard: "you" omitted, "had" mispronounced.
  const words = page.getByRole('group', { name: 'Words of the passage' });
  await words.locator('button[data-word="0"]').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('o');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('m');
  // The child read the first two sentences: "golden" (word 14) is the last word read.
  await expect(page.getByText('Faster than anyone reads aloud')).toBeVisible();
  await words.locator('button[data-word="13"]').focus();
  await page.keyboard.press('l');
  await expect(page.getByText('Faster than anyone reads aloud')).toBeHidden();
  const wpm = Number(await page.locator('[data-figure="WPM"]').innerText());
  expect(wpm).toBeGreaterThan(100);
  expect(wpm).toBeLessThan(300);
  await expect(page.locator('[data-figure="Accuracy"]')).toHaveText('85%');
  await expect(words.getByRole('button', { name: /\(omission\)$/ })).toHaveCount(1);
  await expect(words.getByRole('button', { name: /\(mispronunciation\)$/ })).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: 'Marks saved' })).toBeVisible();

  await page.getByRole('button', { name: 'Confirm trim' }).click();
  await expect(page.getByRole('button', { name: 'Trim confirmed' })).toBeVisible();
  await page.getByLabel('Comment for the student').fill('Lovely, clear reading. Watch the words I marked.');
  await page.getByRole('button', { name: 'Send comment' }).click();
  await expect(page.getByText('Reviewed', { exact: true })).toBeVisible();
  await saveScreenshot(page, 'review-done');
  await signOut(page);
});

test('[STUDENT] sees the teacher’s comment, the figures and the marks on the words', async ({ page }) => {
  const viewed: number[] = [];
  page.on('response', (response) => {
    if (/\/worksheets\/recording\/\d+\/view$/.test(response.url())) viewed.push(response.status());
  });
  await signIn(page, 'demo.student');
  await page.goto('/my-work');
  await page.getByRole('tab', { name: 'Recordings' }).click();
  const recording = page.getByRole('listitem', { name: bookTitle }).first();
  await expect(recording.getByText('Lovely, clear reading. Watch the words I marked.')).toBeVisible();
  await expect(recording.getByText(/You read \d{3} words a minute\./)).toBeVisible();
  await expect(recording.getByText('You read 85% of the words just right.')).toBeVisible();
  await expect.poll(() => viewed).toContain(200);

  await recording.getByRole('button', { name: 'See your marks and listen' }).click();
  const marks = page.getByRole('dialog', { name: `Your reading of “${bookTitle}”` });
  await expect(marks.getByText(/\(omission\)/)).toHaveCount(1);
  await expect(marks.getByText(/\(mispronunciation\)/)).toHaveCount(1);
  await saveScreenshot(page, 'student-marks');
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
