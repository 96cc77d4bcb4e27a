import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { chromiumLaunch } from '../server-env';
import { saveScreenshot } from '../support/screenshots';
import { signIn } from '../support/session';

/**
 * The microphone is Chromium's fake device, playing a passage spoken by espeak-ng after a second and a half of
 * silence (installed by .ci/run). Made when this file loads, before the browser starts.
 */
const speech = path.join(os.tmpdir(), 'readalong-e2e-speech.wav');
execFileSync('espeak-ng', [
  '-w',
  speech,
  'Have you ever had honey on your toast? Honey is sweet, sticky and golden.',
]);

test.use({
  launchOptions: {
    ...chromiumLaunch,
    args: [
      ...chromiumLaunch.args,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${speech}`,
    ],
  },
});

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

  await page.getByRole('button', { name: /Start recording/ }).click();
  await expect(page.getByText('Recording…')).toBeVisible();
  await page.waitForTimeout(3_000);
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
