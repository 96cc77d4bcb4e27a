import { PASSWORD_RESET_TTL_MINUTES, recoverPassword } from '@readalong/contracts';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { fieldErrorsOf } from '@/lib/api-client';
import { useRecoverPassword } from './api/recover-password';
import { AuthLayout } from './components/auth-layout';
import { focusFirstError } from './components/focus-first-error';

/** The contract's rule for the address (the query of POST /password/recover). */
const EmailSchema = recoverPassword.query;

const BackToSignIn = () => (
  <Anchor component={Link} to={paths.login.getHref()} size="lg" ta="center" py="xs">
    Back to sign in
  </Anchor>
);

/**
 * /forget-password: asks for a reset link. The confirmation is the same whether or not an account uses the
 * address, so the page cannot be used to find out who has an account.
 */
export function ForgetPasswordScreen() {
  const recover = useRecoverPassword();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(EmailSchema, { sync: true }),
  });

  const submit = form.onSubmit(
    ({ email }) =>
      recover.mutate(email, {
        onError: (error) => {
          const fieldErrors = fieldErrorsOf(error, 'query');
          form.setErrors(fieldErrors);
          focusFirstError(form, fieldErrors);
        },
      }),
    (errors) => focusFirstError(form, errors),
  );

  if (recover.isSuccess) {
    return (
      <AuthLayout title="Check your email">
        <Text size="lg" role="status">
          If an account uses that address, we have sent a link to it. Open the link to choose a new password.
          It works once, for {PASSWORD_RESET_TTL_MINUTES} minutes. If nothing arrives in a few minutes, look
          in your spam folder.
        </Text>
        <BackToSignIn />
      </AuthLayout>
    );
  }

  const hasFieldErrors = Object.keys(fieldErrorsOf(recover.error, 'query')).length > 0;
  return (
    <AuthLayout
      title="Forgot your password?"
      intro="Enter the email address of your account. We will send you a link to choose a new password."
    >
      {recover.error && !hasFieldErrors && (
        <Alert color="red.9" variant="outline" title="Could not send the link">
          {recover.error.message}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            size="lg"
            type="email"
            label="Email address"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Button type="submit" size="lg" fullWidth loading={recover.isPending}>
            Send reset link
          </Button>
          <BackToSignIn />
        </Stack>
      </form>
    </AuthLayout>
  );
}
