/**
 * The contract's own rules for the login form's two fields, made required: this form always signs in by username.
 * A zod schema, so login-screen loads this module with `import()` when the form is first used, and the sign-in
 * screen opens without zod or the contracts (docs/rules.md B1).
 */
import { login } from '@readalong/contracts';
import { schemaResolver } from '@mantine/form';

const CredentialsSchema = login.body.pick({ username: true, password: true }).required();

export const validateCredentials = schemaResolver(CredentialsSchema, { sync: true });
