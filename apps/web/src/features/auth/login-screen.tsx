import { login, type SessionUser } from '@readalong/contracts';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useCallback } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ROLE_HOMES, nextPathOr, paths } from '@/config/paths';
import { fieldErrorsOf } from '@/lib/api-client';
import { useSignIn, type Credentials } from './api/login';
import { AuthLayout } from './components/auth-layout';
import { focusFirstError } from './components/focus-first-error';
import { ThirdPartyButtons } from './components/third-party-buttons';
import { useProviderReturn } from './use-provider-return';

/** The contract's own rules for the two fields, made required: this form always signs in by username. */
const CredentialsSchema = login.body.pick({ username: true, password: true }).required();

/** /login: sign in with username and password, or a configured identity service; then on to `next` or home. */
export function LoginScreen() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = searchParams.get('next');
  const signIn = useSignIn();
  const form = useForm<Credentials>({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: schemaResolver(CredentialsSchema, { sync: true }),
  });

  const goOn = useCallback(
    (user: SessionUser, nextPath: string | null) =>
      void navigate(nextPathOr(nextPath, ROLE_HOMES[user.login_role]), { replace: true }),
    [navigate],
  );
  const providerReturn = useProviderReturn(goOn);

  const submit = form.onSubmit(
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
  const problem = signIn.error?.message ?? providerReturn.problem;

  return (
    <AuthLayout title="Sign in" intro="Welcome back! Enter your username and password.">
      {problem && (
        <Alert color="red.9" variant="outline" title="Could not sign in">
          {problem}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
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
    </AuthLayout>
  );
}
