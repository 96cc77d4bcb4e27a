/**
 * docs/rules.md C19, C47, I6: every time My progress offers is answered by the real server, "All time" (five years,
 * longer than the activity profile lists at once) included, and no server message reaches the child.
 */
import { expect, test } from '@playwright/test';
import { saveScreenshot } from '../support/screenshots';
import { signIn } from '../support/session';

test('a student sees their progress for every time offered', async ({ page }) => {
  await signIn(page, 'demo.student');
  await page.goto('/my-progress');
  const readingTime = page.getByRole('region', { name: 'Your reading time' });
  for (const time of ['1 month', '3 months', '1 year', 'All time']) {
    // The chip's label, as a person clicks it (its radio button is hidden under it).
    await page.getByText(time, { exact: true }).click();
    await expect(page.getByRole('radio', { name: time })).toBeChecked();
    // The reading time sums up the time picked (read or not yet), never an error.
    await expect(readingTime.getByText(/^(You read for|No reading in this time yet)/)).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
    await expect(page.getByText(/query\./)).toHaveCount(0);
  }
  await saveScreenshot(page, 'my-progress-all-time');
});
