import { expect, test } from '@playwright/test';
import { saveScreenshot } from '../support/screenshots';
import { signIn } from '../support/session';

test('[STUDENT] finds a book at their level, reads every page, and reaches the quiz', async ({ page }) => {
  await signIn(page, 'demo.student');
  await page.getByRole('link', { name: 'Power builders' }).first().click();
  await expect(page).toHaveURL('/power-builders');
  await expect(page.getByRole('region', { name: 'Your level' })).toBeVisible();
  await saveScreenshot(page, 'student-library');

  const favourite = page.getByRole('button', { name: /^Add .* to favourites$/ }).first();
  const title = (await favourite.getAttribute('aria-label'))!.replace(/^Add (.*) to favourites$/, '$1');
  await favourite.click();
  await expect(page.getByRole('button', { name: `Remove ${title} from favourites` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('link', { name: 'Favorites' }).first().click();
  // The library stays on screen while the favourites page loads, with a "Read" link of the same name.
  await expect(page.getByRole('heading', { level: 1, name: 'Favorites' })).toBeVisible();
  await expect(page.getByRole('link', { name: `Read ${title}` })).toBeVisible();

  await page.getByRole('link', { name: `Read ${title}` }).click();
  // The favourites' cards show their own "Page n of m" until the reader has replaced them.
  await expect(page.getByRole('heading', { level: 1, name: 'Favorites' })).toBeHidden();
  const counter = page.getByText(/^Page \d+ of \d+$/);
  await expect(counter).toHaveText(/^Page 1 of \d+$/);
  const pageCount = Number((await counter.textContent())!.match(/of (\d+)/)![1]);
  await saveScreenshot(page, 'student-reader');
  const progressSaved = () =>
    page.waitForResponse((response) => /\/progress$/.test(new URL(response.url()).pathname));
  for (let turned = 2; turned <= pageCount; turned++) {
    // The last page's progress is stored before the library opens again (a new page load drops a call in flight).
    const saved = turned === pageCount ? progressSaved() : undefined;
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(counter).toHaveText(`Page ${turned} of ${pageCount}`);
    await saved;
  }
  await expect(page.getByRole('link', { name: /Take the quiz/ })).toBeVisible();

  // Every page read, the quiz not taken yet: the library says what comes next.
  await page.goto('/power-builders');
  await expect(page.getByRole('article', { name: title })).toContainText('Quiz next');
});
