import base from './stryker.config.mjs';

/**
 * Mutation testing of the access scope (docs/rules.md A3): every mutant of the SQL conditions is judged by
 * scope.test.ts, which builds its world of two districts in the database on every run (about 20 s a mutant).
 */
export default {
  ...base,
  vitest: { configFile: 'vitest.mutation-scope.config.mjs', related: false },
  mutate: ['src/modules/access/scope.ts', 'src/modules/access/in-scope.ts'],
  timeoutMS: 60_000,
  jsonReporter: { fileName: 'reports/mutation-scope/mutation.json' },
  incrementalFile: 'reports/mutation-scope/stryker-incremental.json',
  tempDirName: '.stryker-tmp-scope',
};
