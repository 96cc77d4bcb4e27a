import { configDefaults, defineConfig } from 'vitest/config';

/** Tests that need the OS speech tools run only when asked (CI installs the tools and sets WITH_SPEECH=1). */
const withSpeech = process.env.WITH_SPEECH === '1';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(withSpeech ? [] : ['**/*.speech.test.ts'])],
    globalSetup: ['test/global-setup.ts'],
    // Guards against a hang, not measures of speed (npm run bench measures that): on a machine at load 13–21 the
    // tests that sign in fifty times or decode real audio took several times their quiet time and passed 20 s.
    testTimeout: 60_000,
    hookTimeout: 300_000,
    // Each file gets its own database; two workers suit a 2-core machine.
    maxWorkers: 2,
  },
});
