import { configDefaults, defineConfig } from 'vitest/config';

/** Tests that need the OS speech tools run only when asked (CI installs the tools and sets WITH_SPEECH=1). */
const withSpeech = process.env.WITH_SPEECH === '1';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(withSpeech ? [] : ['**/*.speech.test.ts'])],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Each file gets its own database; two workers suit a 2-core machine.
    maxWorkers: 2,
  },
});
