/** Where the e2e server runs and keeps its data; shared by the Playwright config and the tests. */
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;
/** Each run starts from an empty database with the demo district seeded. */
export const dataDir = fileURLToPath(new URL(`./.data/server-${port}`, import.meta.url));
export const outboxDir = path.join(dataDir, 'outbox');

/** Debian's Chromium, headless here; Playwright's own browser download is unavailable (apt-get install chromium). */
export const chromiumLaunch = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
};
