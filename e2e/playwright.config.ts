import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

import { baseURL, chromiumLaunch, dataDir, port } from './server-env';

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  // A guard against a hang, not a measure of speed: a journey that takes 15 s on a quiet machine passed 30 s at load 10.
  timeout: 90_000,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]]
    : 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: chromiumLaunch,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // Removing the folder inside the command, not in this file: Playwright loads this file in every worker too.
    command: `rm -rf "${dataDir}" && npm start`,
    cwd: repositoryRoot,
    url: `${baseURL}/api/health`,
    env: { PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'true' },
    reuseExistingServer: !process.env.CI,
    // The first start builds the web app and initialises PostgreSQL.
    timeout: 180_000,
    stderr: 'pipe',
  },
});
