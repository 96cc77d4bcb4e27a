/**
 * Mutation testing of the server's pure rule modules (docs/mutation-score.md): level rules and placement, quiz
 * marking, access tokens. The access scope, judged by a test over the database, has its own slower run
 * (stryker.scope.config.mjs). `npm run test:mutation` at the root runs both with the other workspaces' configs.
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.mjs', related: false },
  mutate: [
    'src/modules/progression/level-rules.ts',
    'src/modules/quiz/grading.ts',
    'src/modules/auth/tokens.ts',
  ],
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
