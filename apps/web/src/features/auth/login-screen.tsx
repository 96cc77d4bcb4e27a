import { login } from '@readalong/contracts';
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate, useSearchParams } from 'react-router';
import { nextPathOrLanding } from '@/config/paths';
import { fieldErrorsOf } from '@/lib/api-client';
import { useSignIn, type Credentials } from './api/login';

/** The contract's own rules for the two fields, made required: this form always signs in by username. */
const CredentialsSchema = login.body.pick({ username: true, password: true }).required();

export function LoginScreen() {
  useDocumentTitle('Sign in · ReadAlong');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signIn = useSignIn();
  const form = useForm<Credentials>({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: schemaResolver(CredentialsSchema, { sync: true }),
  });

  const submit = form.onSubmit((credentials) =>
    signIn.mutate(credentials, {
      onSuccess: () => {
        void navigate(nextPathOrLanding(searchParams.get('next')), { replace: true });
      },
      onError: (error) => {
        form.setErrors(fieldErrorsOf(error));
      },
    }),
  );

  return (
    <Center component="main" mih="100dvh" p={{ base: 'sm', xs: 'md' }} bg="indigo.0">
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Text fw={800} size="xl" c="indigo.8">
              ReadAlong
            </Text>
            <Title order={1}>Sign in</Title>
            <Text size="lg" c="dimmed">
              Welcome back! Enter your username and password.
            </Text>
          </Stack>
          {signIn.error && (
            <Alert color="red.9" variant="outline" title="Could not sign in">
              {signIn.error.message}
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
              <Button type="submit" size="lg" fullWidth loading={signIn.isPending}>
                Sign in
              </Button>
            </Stack>
          </form>
        </Stack>
      </Paper>
    </Center>
  );
}
