import { defineConfig } from 'vitest/config';

/** The unit tests of the rules stryker.config.mjs mutates: each mutant is judged by these alone. */
export default defineConfig({
  test: { include: ['test/marking.test.ts', 'test/fluency.test.ts'] },
});
