import base from './vitest.config.ts';

/**
 * The unit tests of the pure rules stryker.config.mjs mutates: each mutant is judged by these alone, without the
 * database (no globalSetup).
 */
export default {
  ...base,
  test: {
    ...base.test,
    globalSetup: [],
    include: [
      'src/modules/auth/tokens.test.ts',
      'src/modules/progression/level-rules.test.ts',
      'src/modules/quiz/grading.test.ts',
    ],
  },
};
