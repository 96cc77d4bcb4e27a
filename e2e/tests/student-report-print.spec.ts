/**
 * The student report printed for a family (docs/rules.md C35): the demo student with ten weeks of reading fits two
 * sheets of Letter and of A4, with the app around it and its buttons left out, and its charts drawn at a size a
 * parent can read.
 */
import { writeFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { settle } from '../support/accessibility';
import { signIn } from '../support/session';

/** Pages of a PDF as Chromium writes it: one `/Type /Page` object each (`/Type /Pages` is their parent). */
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;

test('a student’s report prints on two pages, with readable charts', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, 'demo.teacher');
  await page.getByRole('link', { name: 'Leo Fontaine', exact: true }).first().click();
  await page.getByRole('link', { name: 'Open the report' }).click();
  await expect(page.getByRole('heading', { name: 'Reading report: Leo Fontaine' })).toBeVisible();
  await settle(page);
  await page.emulateMedia({ media: 'print' });

  // Printed, the Lexile chart keeps the paper's width: a parent reads its line without a magnifier.
  const lexileChart = page.locator('section[aria-labelledby="lexile-heading"] svg[width="100%"]');
  expect((await lexileChart.boundingBox())?.width).toBeGreaterThanOrEqual(500);

  for (const format of ['Letter', 'A4'] as const) {
    const pdf = await page.pdf({ format, printBackground: true });
    await writeFile(testInfo.outputPath(`report-${format}.pdf`), pdf);
    expect(pageCount(pdf), `${format} pages`).toBeLessThanOrEqual(2);
  }
});
