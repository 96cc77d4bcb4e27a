import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/session';

/**
 * The built app runs under the server's Content-Security-Policy (F10): every role's screens, a book's pages with
 * their pictures and narration, and a recording's review, without one blocked script, style, picture, sound or call.
 */

/** Every CSP violation the page reports, as "directive: blocked address". */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation: (text: string) => void }).reportViolation;
      report(`${event.violatedDirective}: ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('[STUDENT] the home, a book and its read-aloud screen run under the CSP', async ({ page }) => {
  const violations = await watchViolations(page);
  const response = await page.goto('/login');
  expect(response!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await signIn(page, 'demo.student');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.goto('/power-builders');
  const read = page.getByRole('link', { name: /^Read / }).first();
  const href = await read.getAttribute('href');
  await read.click();
  await expect(page.getByRole('main')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const bookId = href!.match(/\/power-builders\/(\d+)\//)![1];
  await page.goto(`/power-builders/${bookId}/read-aloud/assignment`);
  await expect(page.getByRole('button', { name: /Start recording/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('[TEACHER] the students, the class recordings and a review run under the CSP', async ({ page }) => {
  const violations = await watchViolations(page);
  await signIn(page, 'demo.teacher');
  await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible();
  await page.goto('/teacher/class');
  await page.getByRole('combobox', { name: 'Class' }).click();
  await page.getByRole('option', { name: 'Grade 3 Maple' }).click();
  await page
    .getByRole('link', { name: /^Review / })
    .first()
    .click();
  await expect(page.getByRole('group', { name: 'Words of the passage' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

for (const [username, home, heading] of [
  ['demo.owner', '/insights', 'Insights'],
  ['demo.head', '/district', 'District overview'],
] as const) {
  test(`[${username}] the home screen with its charts runs under the CSP`, async ({ page }) => {
    const violations = await watchViolations(page);
    await signIn(page, username);
    await expect(page).toHaveURL(home);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });
}
