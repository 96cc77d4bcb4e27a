/**
 * Mutation testing of the marking and fluency rules (docs/mutation-score.md): `npm run test:mutation` at the root
 * runs this with the other workspaces' configs and writes the score file.
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.mjs', related: false },
  mutate: ['src/marking.ts', 'src/fluency.ts'],
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
