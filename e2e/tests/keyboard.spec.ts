/**
 * The keyboard-only twins of the browser journeys (X4): every step is a key press, every control is reached with
 * Tab, and after each change of page focus is on the new heading (X2).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectFocusOnHeading } from '../support/accessibility';
import { DEMO_PASSWORD } from '../support/session';

/**
 * Presses Tab (Shift+Tab with `backward`: the menu, before the page) until `target` has focus; fails if it is not
 * reached within `most` presses.
 */
async function tabTo(page: Page, target: Locator, { most = 60, backward = false } = {}): Promise<void> {
  for (let presses = 0; presses < most; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backward ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached with at most ${most} Tabs`).toBeFocused();
}

/** Signs in from the login screen with the keyboard alone. */
async function signInByKeyboard(page: Page, username: string) {
  await page.goto('/login');
  await tabTo(page, page.getByLabel('Username'));
  await page.keyboard.type(username);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  // The show/hide toggle is in the tab order (X4).
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Toggle password visibility' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
  await expectFocusOnHeading(page);
}

test('[STUDENT] by keyboard: signs in, opens a book, reads to the end, takes the quiz and sees the result', async ({
  page,
}) => {
  await signInByKeyboard(page, 'demo.student');
  await expect(page.locator('h1:focus')).toHaveText('Home');

  await tabTo(page, page.getByRole('link', { name: 'Power builders', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.locator('h1:focus')).toHaveText('Power builders');
  // The last book of the library: the other journeys use the first.
  await tabTo(page, page.getByRole('link', { name: /^Read / }).last(), { most: 150 });
  await page.keyboard.press('Enter');
  await expectFocusOnHeading(page);

  const counter = page.getByText(/^Page \d+ of \d+$/);
  await expect(counter).toHaveText(/^Page 1 of \d+$/);
  const pageCount = Number((await counter.textContent())!.match(/of (\d+)/)![1]);
  await tabTo(page, page.getByRole('button', { name: 'Next', exact: true }));
  for (let turned = 2; turned <= pageCount; turned++) {
    await page.keyboard.press('Enter');
    await expect(counter).toHaveText(`Page ${turned} of ${pageCount}`);
  }
  // "Next" is gone on the last page: the keyboard is on what comes next.
  await expect(page.getByRole('link', { name: /Take the quiz/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('h1:focus')).toHaveText('Quiz');

  // Each Next takes the keyboard to the new question's heading, which shows its ring.
  const question = page.locator('h2[tabindex="-1"]');
  const total = Number((await page.getByText(/^Question \d+ of \d+$/).textContent())!.match(/of (\d+)/)![1]);
  for (let number = 2; number <= total; number++) {
    await tabTo(page, page.getByRole('button', { name: 'Next', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(/^Question \d+ of \d+$/)).toHaveText(`Question ${number} of ${total}`);
    await expect(question).toBeFocused();
    expect(await question.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
  }

  // Finishing with questions unanswered: the warning takes focus, under the button, its answers a Tab away.
  await tabTo(page, page.getByRole('button', { name: /Finish the quiz/ }));
  await page.keyboard.press('Enter');
  const warning = page.getByRole('alert').filter({ hasText: 'Some questions have no answer yet' });
  await expect(warning).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Answer them' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Finish anyway' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Good try!' })).toBeFocused();
});

test('[TEACHER] by keyboard: signs in, opens the queue, reviews a recording, marks a word and comments', async ({
  page,
}) => {
  await signInByKeyboard(page, 'demo.teacher');
  await expect(page.locator('h1:focus')).toHaveText('Students');

  // The menu comes before the page: back from the heading, past none of the students table's links.
  await tabTo(page, page.getByRole('link', { name: 'Class', exact: true }), { backward: true });
  await page.keyboard.press('Enter');
  await expect(page.locator('h1:focus')).toHaveText('Class');
  const waiting = page.getByRole('region', { name: /^Waiting for review/ });
  await tabTo(page, waiting.getByRole('link', { name: /^Review / }).first());
  await page.keyboard.press('Enter');
  // The review opens in the same page: the keyboard goes to its heading.
  await expect(page.getByRole('heading', { level: 2, name: /reading “/ })).toBeFocused();

  const words = page.getByRole('group', { name: 'Words of the passage' });
  await tabTo(page, words.getByRole('button').first(), { most: 80 });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('m');
  await expect(words.getByRole('button', { name: /\(mispronunciation\)$/ })).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: 'Marks saved' })).toBeVisible();

  const comment = page.getByLabel('Comment for the student');
  await tabTo(page, comment, { most: 200 });
  await page.keyboard.type('Well read. Look again at the word I marked.');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /comment$/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Reviewed', { exact: true })).toBeVisible();
});
