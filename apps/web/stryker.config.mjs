/**
 * Mutation testing of the navigation guard, its access table and the recording outbox (docs/mutation-score.md):
 * `npm run test:mutation` at the root runs this with the other workspaces' configs and writes the score file.
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.mjs', related: false },
  // The access table and canEnter (lines 17-44 of config/access.ts) are the guard's role rule (C2).
  mutate: ['src/app/navigation-guard.ts', 'src/config/access.ts:17-44', 'src/lib/recording-outbox.ts'],
  // The build (changing under a concurrent `npm run build`) is not needed in the sandbox.
  ignorePatterns: ['dist'],
  coverageAnalysis: 'perTest',
  concurrency: 1,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 85, break: null },
  // A later run tests again only the mutants whose code or tests changed.
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
