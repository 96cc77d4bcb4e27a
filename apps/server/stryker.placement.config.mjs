import base from './stryker.config.mjs';

/**
 * Mutation testing of placement by hand, reset and the placement test's choice (docs/rules.md R17–R20), judged by
 * the students module's tests over the database.
 */
export default {
  ...base,
  vitest: { configFile: 'vitest.mutation-placement.config.mjs', related: false },
  // levelView, studentInScope, then placementTest, resetStudent and placeStudent (the builders' lists are not
  // placement). Line ranges: move them with the functions when the file changes.
  mutate: [
    'src/modules/students/students.service.ts:29-34',
    'src/modules/students/students.service.ts:46-51',
    'src/modules/students/students.service.ts:102-152',
  ],
  timeoutMS: 60_000,
  jsonReporter: { fileName: 'reports/mutation-placement/mutation.json' },
  incrementalFile: 'reports/mutation-placement/stryker-incremental.json',
  tempDirName: '.stryker-tmp-placement',
};
