import base from './vitest.config.ts';

/** The tests that judge stryker.sign-in.config.mjs's mutants, over a world in the database. */
export default { ...base, test: { ...base.test, include: ['src/modules/auth/auth.test.ts'] } };
