/**
 * The contracts' error envelope, which the API client loads to read an error answer, and only then: calls and
 * their answers need neither zod nor the contracts' schemas (docs/rules.md B15). Only lib/api-client imports this,
 * and only with `import()`.
 */
export { ErrorEnvelope } from '@readalong/contracts';
