/** [OWNER] exports a class's students as a CSV file a spreadsheet opens cleanly (docs/rules.md M9). */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { navigateInApp } from '../support/accessibility';
import { signIn } from '../support/session';

test('[OWNER] exports a class as a CSV file named after it', async ({ page }) => {
  await signIn(page, 'demo.owner');
  await navigateInApp(page, '/manage/classes');
  await page.getByRole('table').getByRole('link').first().click();
  const className = (await page.getByRole('heading', { level: 2 }).first().textContent())!;

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);

  expect(download.suggestedFilename()).toBe(`${className}-students.csv`);
  const lines = (await readFile(await download.path(), 'utf8')).split('\r\n');
  expect(lines[0]).toBe('\uFEFFName,Username,Level,Latest WPM,Latest WCPM,Books completed');
  // The demo classes have students, each a row of six cells (a level holds a comma, so it is quoted).
  expect(lines[1]).toMatch(/^[^,]+,[^,]+,("[^"]+"|[^,]+),\d*,\d*,\d+$/);
});
