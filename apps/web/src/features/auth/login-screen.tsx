import { SESSION_ERROR_MESSAGES, type SessionUser } from '@readalong/contracts';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { validateCredentials } from './credentials-rules';
import { useCallback, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ROLE_HOMES, nextPathOr, paths } from '@/config/paths';
import { fieldErrorsOf } from '@/lib/api-client';
import { useContactDialog } from '@/shared/contact/use-contact-dialog';
import { useSignIn, type Credentials } from './api/login';
import { AuthLayout } from './components/auth-layout';
import { focusFirstError } from './components/focus-first-error';
import { ThirdPartyButtons } from './components/third-party-buttons';
import { useProviderReturn } from './use-provider-return';

let credentialsRules: typeof validateCredentials | undefined;
/** The contract's rules for the two fields (./credentials-rules), loaded when the form is first used. */
const loadCredentialsRules = async () =>
  (credentialsRules ??= (await import('./credentials-rules')).validateCredentials);

/**
 * /login: sign in with username and password, or a configured identity service; then on to `next` or home. Anyone
 * may write to support from here (C43).
 */
export function LoginScreen() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = searchParams.get('next');
  const signIn = useSignIn();
  const contact = useContactDialog(false);
  const form = useForm<Credentials>({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    // Submitting waits for the rules (see `submit`), so they are always there when the form is checked.
    validate: (values) => credentialsRules?.(values) ?? {},
  });

  const goOn = useCallback(
    (user: SessionUser, nextPath: string | null) =>
      void navigate(nextPathOr(nextPath, ROLE_HOMES[user.login_role]), { replace: true }),
    [navigate],
  );
  const providerReturn = useProviderReturn(goOn);

  const submitChecked = form.onSubmit(
    (credentials) =>
      signIn.mutate(credentials, {
        onSuccess: (user) => goOn(user, next),
        onError: (error) => {
          const fieldErrors = fieldErrorsOf(error);
          form.setErrors(fieldErrors);
          focusFirstError(form, fieldErrors);
        },
      }),
    (errors) => focusFirstError(form, errors),
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void loadCredentialsRules().then(() => submitChecked());
  };
  // C6: a disabled account is told so in the catalogue's words at sign-in too, not the server's bare text.
  const refusal = signIn.error?.message;
  const problem = (refusal && (SESSION_ERROR_MESSAGES[refusal] ?? refusal)) ?? providerReturn.problem;

  return (
    <AuthLayout title="Sign in" intro="Welcome back! Enter your username and password.">
      {problem && (
        <Alert color="red.9" variant="outline" title="Could not sign in">
          {problem}
        </Alert>
      )}
      <form onSubmit={submit} onFocus={() => void loadCredentialsRules()} noValidate>
        <Stack gap="md">
          <TextInput
            size="lg"
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            key={form.key('username')}
            {...form.getInputProps('username')}
          />
          <PasswordInput
            size="lg"
            label="Password"
            autoComplete="current-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Button type="submit" size="lg" fullWidth loading={signIn.isPending || providerReturn.isSigningIn}>
            Sign in
          </Button>
          <Anchor component={Link} to={paths.forgetPassword.getHref()} size="lg" ta="center" py="xs">
            Forgot your password?
          </Anchor>
        </Stack>
      </form>
      <ThirdPartyButtons next={next} />
      <Text ta="center">
        Need help?{' '}
        <Anchor component="button" type="button" onClick={contact.open} fw={600}>
          Contact us
        </Anchor>
      </Text>
      {contact.dialog}
    </AuthLayout>
  );
}
