import base from './vitest.config.ts';

/**
 * The tests that judge stryker.sign-in.config.mjs's mutants, over a world in the database. Instrumented code on a
 * busy machine is slow: the 50-attempt lockout tests need more than the usual 20 s.
 */
export default {
  ...base,
  test: {
    ...base.test,
    include: ['src/modules/auth/auth.test.ts', 'src/modules/auth/password-rehash.test.ts'],
    testTimeout: 60_000,
  },
};
