import base from './stryker.config.mjs';

/**
 * Mutation testing of sign-in, its lockouts and the sessions (docs/rules.md S1–S8, S14, S21): the service's
 * lockout, login (with the hash renewed, S1), refresh, logout, lock and per-request check, and the queries that count attempts and end
 * sessions, judged by auth.test.ts and password-rehash.test.ts over the database. Line ranges: move them with the code when the files change.
 */
export default {
  ...base,
  vitest: { configFile: 'vitest.mutation-sign-in.config.mjs', related: false },
  mutate: [
    'src/modules/auth/auth.service.ts:36-36',
    'src/modules/auth/auth.service.ts:117-300',
    'src/modules/auth/auth.repository.ts:109-210',
  ],
  timeoutMS: 60_000,
  jsonReporter: { fileName: 'reports/mutation-sign-in/mutation.json' },
  incrementalFile: 'reports/mutation-sign-in/stryker-incremental.json',
  tempDirName: '.stryker-tmp-sign-in',
};
