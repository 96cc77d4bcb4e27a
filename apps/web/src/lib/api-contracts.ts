/**
 * The contracts of every call, which the API client needs at a call's first use, not before: the sign-in screen
 * loads without them (docs/rules.md B1). Only lib/api-client imports this, and only with `import()`.
 */
export { ErrorEnvelope, contracts, fillPath } from '@readalong/contracts';
