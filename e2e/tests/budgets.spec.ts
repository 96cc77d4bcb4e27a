/**
 * Performance budgets (docs/rules.md B1–B4), measured in Chromium against the built app and the real server: the
 * JavaScript and the CSS each first screen downloads, as sent over the wire (compressed), from an empty cache until
 * the screen has settled, must stay within budgets.json (the CSS with the page, which carries its first paint's rules
 * inline); every script and stylesheet comes compressed, hashed ones
 * cached for good, and index.html is re-checked. Prints one table of all the screens, then fails for each one over
 * its budget.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Request } from '@playwright/test';
import { signIn } from '../support/session';

interface FirstScreen {
  id: string;
  name: string;
  path: string;
  signedInAs: string | null;
  heading: string;
  maxScriptKB: number;
  /**
   * CSS as sent, counted with the page that carries the first paint's rules inline (B1, B2: Mantine's styles come per
   * component, with the pages that use them; B14).
   */
  maxStyleKB: number;
}

const budgets = JSON.parse(readFileSync(new URL('../../budgets.json', import.meta.url), 'utf8')) as {
  firstScreens: FirstScreen[];
};

interface Measured {
  screen: FirstScreen;
  scripts: number;
  bytes: number;
  styleBytes: number;
}

type Loaded = { request: Request; bytes: number };

const kb = (bytes: number) => bytes / 1000;

/** A browser context's storage holding `username`'s session, signed in through the login screen like a person. */
async function signedInState(browser: Browser, username: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username);
  const state = await context.storageState({ indexedDB: true });
  await context.close();
  return state;
}

/** Opens `screen` in a new browser context (an empty HTTP cache: a first visit) and sums its scripts and CSS as sent. */
async function measure(browser: Browser, screen: FirstScreen): Promise<Measured> {
  const storageState = screen.signedInAs ? await signedInState(browser, screen.signedInAs) : undefined;
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  const scripts: Promise<Loaded>[] = [];
  const styles: Promise<Loaded>[] = [];
  page.on('requestfinished', (request) => {
    const list = { script: scripts, stylesheet: styles }[request.resourceType()];
    list?.push(request.sizes().then((sizes) => ({ request, bytes: sizes.responseBodySize })));
  });

  const document = await page.goto(screen.path);
  await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(new URL(page.url()).pathname, 'the screen itself, not a redirect').toBe(screen.path);
  expect
    .soft(document?.headers()['cache-control'], `${screen.path}: index.html is re-checked`)
    .toBe('no-cache');

  const loaded = await Promise.all(scripts);
  // The page itself counts with the CSS: it carries the first paint's rules inline (B14).
  const withRules = document ? [document.request()] : [];
  const loadedStyles = await Promise.all([
    ...withRules.map(async (request) => ({ request, bytes: (await request.sizes()).responseBodySize })),
    ...styles,
  ]);
  for (const { request } of [...loaded, ...loadedStyles]) {
    const response = await request.response();
    const headers = response ? await response.allHeaders() : {};
    const name = new URL(request.url()).pathname;
    expect.soft(headers['content-encoding'], `${name} is compressed`).toBe('br');
    // Hashed names are cached for good; a file of public/ keeps its name, so it is re-checked.
    expect
      .soft(headers['cache-control'], `${name}: cache-control`)
      .toBe(name.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
  }
  await context.close();
  const sum = (files: Loaded[]) => files.reduce((total, { bytes }) => total + bytes, 0);
  return { screen, scripts: loaded.length, bytes: sum(loaded), styleBytes: sum(loadedStyles) };
}

test('every first screen stays within its JavaScript and CSS budgets (B1, B2), compressed and cached (B3, B4)', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const measured: Measured[] = [];
  for (const screen of budgets.firstScreens) {
    const result = await measure(browser, screen);
    measured.push(result);
    console.log(
      `${screen.path}: ${kb(result.bytes).toFixed(1)} KB of JavaScript in ${result.scripts} files, ${kb(result.styleBytes).toFixed(1)} KB of CSS`,
    );
  }

  const rows = measured.map(({ screen, scripts, bytes, styleBytes }) =>
    [
      screen.id.padEnd(3),
      screen.path.padEnd(18),
      String(scripts).padStart(7),
      kb(bytes).toFixed(1).padStart(8),
      String(screen.maxScriptKB).padStart(7),
      kb(styleBytes).toFixed(1).padStart(7),
      String(screen.maxStyleKB).padStart(7),
      kb(bytes) <= screen.maxScriptKB && kb(styleBytes) <= screen.maxStyleKB ? ' ok' : ' OVER',
    ].join(' '),
  );
  console.log(
    [
      '',
      'JavaScript and CSS per first screen, as sent (compressed), from an empty cache (budgets.json)',
      'id  screen             scripts  JS (KB)  budget CSS (KB) budget',
      ...rows,
      '',
    ].join('\n'),
  );
  for (const { screen, bytes, styleBytes } of measured) {
    expect
      .soft(kb(bytes), `${screen.path}: ${kb(bytes).toFixed(1)} KB of JavaScript on the wire`)
      .toBeLessThanOrEqual(screen.maxScriptKB);
    expect
      .soft(kb(styleBytes), `${screen.path}: ${kb(styleBytes).toFixed(1)} KB of CSS on the wire`)
      .toBeLessThanOrEqual(screen.maxStyleKB);
  }
});
