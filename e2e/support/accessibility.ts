/** The checks every screen must pass: axe (WCAG 2.1 A and AA), focus after a route change, no clipping at 360 px. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

export const PHONE = { width: 360, height: 740 };
export const LAPTOP = { width: 1280, height: 800 };

/**
 * axe's WCAG 2.1 A and AA rules: the violations on the page as it is now, one line each. A control's accessible name
 * containing its visible label (2.5.3, X7) is one of them, though axe still calls its check experimental.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // Options first: `options()` replaces what `withTags()` set, and axe would then run every rule it has.
  const audit = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return audit.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}

/**
 * What the page says in its console that a user's browser would show a developer: warnings, errors and uncaught
 * exceptions (X11), collected from now on, one line each with the address it came from.
 */
export function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  const where = () => new URL(page.url()).pathname + new URL(page.url()).search;
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error')
      problems.push(`${where()}: console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${where()}: uncaught ${error.name}: ${error.message}`));
  return problems;
}

/** Waits until the page's data is on screen: no spinner, nothing busy. */
export async function settle(page: Page): Promise<void> {
  await expect(page.locator('.mantine-Loader:visible, [aria-busy="true"]:visible')).toHaveCount(0, {
    timeout: 15_000,
  });
}

/**
 * A navigation inside the app, as a link would make it (React Router follows the history entry), for pages whose
 * link sits on another page. `shown`: what the new page shows once it is there, when its heading is the old one's.
 */
export async function navigateInApp(page: Page, href: string, shown?: Locator): Promise<void> {
  const heading = () => document.querySelector('main h1, h1')?.textContent ?? '';
  const before = await page.evaluate(heading);
  await page.evaluate((to) => {
    const state = window.history.state as { idx?: number } | null;
    const key = Math.random().toString(36).slice(2, 10);
    window.history.pushState({ usr: null, key, idx: (state?.idx ?? 0) + 1 }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, href);
  if (shown) return expect(shown).toBeVisible({ timeout: 15_000 });
  // Otherwise the new page shows once its code has loaded: until its heading replaces the old one (two pages may share a
  // title, hence the short wait rather than a failure).
  await page
    .waitForFunction((old) => (document.querySelector('main h1, h1')?.textContent ?? '') !== old, before, {
      timeout: 3_000,
    })
    .catch(() => undefined);
}

/** After a route change the keyboard is on the new page's h1 (X2), and the ring around it shows. */
export async function expectFocusOnHeading(page: Page): Promise<void> {
  const ring = () =>
    page.evaluate(() => {
      const focused = document.activeElement;
      if (!(focused instanceof HTMLHeadingElement) || focused.tagName !== 'H1') return 'not on the h1';
      const style = getComputedStyle(focused);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 ? 'ring' : 'no ring';
    });
  // As long as a page's data may take to come (settle): on a busy machine the first screen's h1 came after 5 s.
  await expect
    .poll(ring, { message: 'focus is on the page’s h1, with its ring showing', timeout: 15_000 })
    .toBe('ring');
}

/** Waits for the page's animations to end; endless ones (a spinner's) are left out, one cancelled counts as done. */
async function animationsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Elements whose content is wider than their box (a label cut to "Pr", a toolbar running out of its card, a table
 * scrolling sideways), and controls reaching past the screen's right edge. Screen-reader-only text is left out.
 */
export async function clippedElements(page: Page): Promise<string[]> {
  // The layout glides between its phone and laptop forms; measure where it comes to rest.
  await animationsEnded(page);
  return page.evaluate(() => {
    const describe = (element: Element) => {
      const text = (element.getAttribute('aria-label') ?? (element as HTMLElement).innerText ?? '').trim();
      return `<${element.tagName.toLowerCase()}> “${text.replace(/\s+/g, ' ').slice(0, 40)}”`;
    };
    const isShown = (element: HTMLElement) => {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) return false;
      // Off screen by design: the folded menu drawer, and the skip link until it is focused.
      if (element.closest('[inert], .skip-link, svg, canvas')) return false;
      return getComputedStyle(element).visibility !== 'hidden';
    };
    /** Mantine's visually hidden text: a 1 px clipped box, read by screen readers only. */
    const isScreenReaderOnly = (element: HTMLElement) => {
      const style = getComputedStyle(element);
      return style.position === 'absolute' && element.clientWidth <= 1;
    };
    const clipped: HTMLElement[] = [];
    const reaching: HTMLElement[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (!isShown(element) || isScreenReaderOnly(element)) continue;
      // Marked in the app where something rides over a box's edge by design (a trim handle over its track).
      if (element.hasAttribute('data-allow-overflow')) continue;
      // A box with neither text nor a control is decoration (a switch's thumb rides over its track's edge).
      if (!element.innerText.trim() && !element.querySelector('input, button, a, select, textarea')) continue;
      if (element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1) clipped.push(element);
      else if (
        element.matches('button, a, input, select, textarea, [role="button"], [role="slider"]') &&
        element.getBoundingClientRect().right > window.innerWidth + 1
      )
        reaching.push(element);
    }
    // The innermost boxes: an outer box overflows because of them.
    const innermost = clipped.filter(
      (element) => !clipped.some((other) => other !== element && element.contains(other)),
    );
    const found = [
      ...innermost.map(
        (element) =>
          `${describe(element)} content ${element.scrollWidth} px in a ${element.clientWidth} px box`,
      ),
      ...reaching.map(
        (element) => `${describe(element)} reaches ${Math.round(element.getBoundingClientRect().right)} px`,
      ),
    ];
    if (found.length === 0 && document.documentElement.scrollWidth > window.innerWidth)
      found.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px wide)`);
    return found;
  });
}

/**
 * A dialog or menu a button opens (X10): opened from the keyboard, it takes focus and passes axe while open; Escape
 * closes it and gives focus back to the button. The problems found, one line each.
 */
export async function dialogProblems(
  page: Page,
  opener: Locator,
  role: 'dialog' | 'menu' = 'dialog',
): Promise<string[]> {
  const name = (await opener.innerText()).trim() || (await opener.getAttribute('aria-label')) || role;
  const problems: string[] = [];
  await opener.focus();
  await page.keyboard.press('Enter');
  const opened = page.getByRole(role);
  await expect(opened).toBeVisible();
  await settle(page);
  // axe reads colours as painted: halfway through the opening fade, text is paler than it will be.
  await animationsEnded(page);
  const holdsFocus = () => opened.evaluate((element) => element.contains(document.activeElement));
  await expect
    .poll(holdsFocus)
    .toBe(true)
    .catch(() => problems.push(`“${name}”: focus did not move into the ${role}`));
  for (const violation of await axeViolations(page)) problems.push(`“${name}” open: ${violation}`);
  await page.keyboard.press('Escape');
  await expect(opened).toBeHidden();
  await expect(opener)
    .toBeFocused()
    .catch(() => problems.push(`“${name}”: focus did not come back to its button after Escape`));
  return problems;
}
