/**
 * Measurements rather than tests: what they find is a known gap (docs/accessibility.md), reported by
 * `npm run measure --workspace e2e` without failing CI. Same server and browser as the journeys.
 */
import { defineConfig } from '@playwright/test';
import journeys from './playwright.config';

export default defineConfig({ ...journeys, testDir: './measure', retries: 0 });
