import base from './vitest.config.ts';

/** The unit tests of the rules stryker.config.mjs mutates: each mutant is judged by these alone. */
export default {
  ...base,
  test: {
    ...base.test,
    include: [
      'src/app/navigation-guard.test.ts',
      'src/lib/recording-outbox.test.ts',
      'src/lib/recording-outbox-start.test.ts',
    ],
  },
};
