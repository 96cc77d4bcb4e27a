import base from './vitest.config.ts';

/** The tests that judge stryker.scope.config.mjs's mutants: the scope conditions, over a world in the database. */
export default { ...base, test: { ...base.test, include: ['src/modules/access/scope.test.ts'] } };
