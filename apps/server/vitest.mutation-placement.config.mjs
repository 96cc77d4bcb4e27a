import base from './vitest.config.ts';

/** The tests that judge stryker.placement.config.mjs's mutants, over a world in the database. */
export default {
  ...base,
  test: {
    ...base.test,
    include: ['src/modules/students/students.test.ts', 'src/modules/students/placement-reason.test.ts'],
  },
};
