import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

/** Saves a full-page screenshot under e2e/screenshots/ for people to look at; tests never compare them. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: fileURLToPath(new URL(`../screenshots/${name}.png`, import.meta.url)),
    fullPage: true,
  });
}
