/**
 * X6: on a 1280×800 laptop or Chromebook every page of every book fits the screen: the child reaches Next (or, on the
 * last page, "Take the quiz") without scrolling. Every power builder of the library, read as staff preview it, so
 * a new book with a page too long for the screen (or a change to the reader's layout) fails here.
 */
import { expect, test, type Page } from '@playwright/test';
import { LAPTOP, navigateInApp } from '../support/accessibility';
import { signIn } from '../support/session';

const POWER_BUILDER = 2;

/** The library's power builders, asked of the API with the signed-in staff member's own token. */
async function powerBuilderIds(page: Page, authorization: string): Promise<number[]> {
  const response = await page.request.get(`/api/v1/worksheets/passage?type_id=${POWER_BUILDER}`, {
    headers: { authorization },
  });
  expect(response.ok()).toBe(true);
  const { passages } = (await response.json()) as { passages: { id: number }[] };
  return passages.map((passage) => passage.id);
}

/**
 * Turns every page of the open book in the browser itself (fast: no round trip a page), once its picture is drawn,
 * and names each page whose way on ends below the screen's bottom edge.
 */
function pagesTooTall(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const nextFrame = () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const counter = () =>
      [...document.querySelectorAll('[aria-live]')]
        .map((element) => element.textContent ?? '')
        .find((text) => /^Page \d+ of \d+$/.test(text)) ?? '';
    const control = (name: string) =>
      [...document.querySelectorAll<HTMLElement>('main button, main a')].find(
        (element) => element.textContent?.trim() === name,
      );
    const tooTall: string[] = [];
    for (;;) {
      const shown = counter();
      const images = [...document.querySelectorAll('main img')] as HTMLImageElement[];
      await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
      await nextFrame();
      const next = control('Next');
      const wayOn = next ?? control('Take the quiz');
      const bottom = wayOn ? Math.ceil(wayOn.getBoundingClientRect().bottom) : Infinity;
      if (bottom > window.innerHeight)
        tooTall.push(
          `${document.querySelector('main h2')?.textContent}, ${shown}: ${next ? 'Next' : 'Take the quiz'} ends at ${bottom} px`,
        );
      if (!next) return tooTall;
      next.click();
      while (counter() === shown) await nextFrame();
    }
  });
}

test('[LAPTOP] every page of every book fits 1280×800: Next shows without scrolling', async ({ page }) => {
  // About 700 pages; a loaded machine is slow to draw them.
  test.setTimeout(900_000);
  await page.setViewportSize(LAPTOP);
  // The page turn's animation off: the measure is of the page at rest.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const token = page.waitForRequest((sent) => Boolean(sent.headers()['authorization']));
  await signIn(page, 'demo.teacher');
  const books = await powerBuilderIds(page, (await token).headers()['authorization']!);
  expect(books.length).toBeGreaterThan(0);

  const problems: string[] = [];
  for (const id of books) {
    // The last book ended on its last page: "Page 1" is the next book's.
    await navigateInApp(page, `/power-builders/${id}/demo-read`, page.getByText(/^Page 1 of \d+$/));
    const tooTall = await pagesTooTall(page);
    console.log(`book ${id}: ${tooTall.length ? tooTall.join('; ') : 'fits'}`);
    problems.push(...tooTall);
  }
  console.log(`${books.length} books read at 1280×800; too tall: ${problems.length}`);
  expect(problems).toEqual([]);
});
