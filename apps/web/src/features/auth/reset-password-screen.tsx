import {
  PASSWORD_MIN_LENGTH,
  PASSWORD_RESET_TTL_MINUTES,
  changePasswordUnsigned,
} from '@readalong/contracts';
import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { paths } from '@/config/paths';
import { ApiError, fieldErrorsOf } from '@/lib/api-client';
import { useChangePasswordUnsigned } from './api/change-password-unsigned';
import { useValidateResetLink } from './api/validate-reset-link';
import { AuthLayout } from './components/auth-layout';
import { focusFirstError } from './components/focus-first-error';

/** The contract's password rule, plus the confirmation that must repeat it. */
const NewPasswordSchema = z
  .object({
    new_password: changePasswordUnsigned.body.shape.new_password,
    confirm_password: z.string(),
  })
  .refine((values) => values.new_password === values.confirm_password, {
    message: 'does not match the new password',
    path: ['confirm_password'],
  });
type NewPasswordValues = z.infer<typeof NewPasswordSchema>;

/** The server answers 404 for a key that is unknown, already used or out of time. */
const isDeadLink = (error: unknown) => error instanceof ApiError && error.status === 404;

const linkStyle = { size: 'lg', ta: 'center', py: 'xs' } as const;

/**
 * /reset-password/:magicLink: checks the reset key first (docs/rules.md S9), and only then offers the new-password
 * form. A dead link says so and offers a new one. Every view after "Checking your link…" replaces another, so
 * each focuses its heading for screen readers.
 */
export function ResetPasswordScreen() {
  const key = useParams().magicLink ?? '';
  const link = useValidateResetLink(key);
  const change = useChangePasswordUnsigned();

  if (link.isPending) return <CheckingLink />;
  if (isDeadLink(link.error) || isDeadLink(change.error)) return <DeadLink />;
  if (link.error) return <CheckFailed message={link.error.message} onRetry={() => void link.refetch()} />;
  if (change.isSuccess) return <PasswordChanged />;
  return <NewPasswordForm resetKey={key} change={change} />;
}

function CheckingLink() {
  return (
    <AuthLayout title="Reset your password">
      <Stack align="center" gap="sm" role="status">
        <Loader aria-hidden />
        <Text size="lg">Checking your link…</Text>
      </Stack>
    </AuthLayout>
  );
}

function DeadLink() {
  return (
    <AuthLayout title="This link no longer works" focusHeadingOnMount>
      <Text size="lg">
        A reset link works once, for {PASSWORD_RESET_TTL_MINUTES} minutes. This one has been used or has run
        out. Ask for a new link and open the newest email.
      </Text>
      <Button component={Link} to={paths.forgetPassword.getHref()} size="lg" fullWidth>
        Ask for a new link
      </Button>
      <Anchor component={Link} to={paths.login.getHref()} {...linkStyle}>
        Back to sign in
      </Anchor>
    </AuthLayout>
  );
}

function CheckFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <AuthLayout title="Could not check your link" focusHeadingOnMount>
      <Alert color="red.9" variant="outline" title="Something went wrong">
        {message}
      </Alert>
      <Button size="lg" fullWidth onClick={onRetry}>
        Try again
      </Button>
    </AuthLayout>
  );
}

function PasswordChanged() {
  return (
    <AuthLayout title="Your password has been changed" focusHeadingOnMount>
      <Text size="lg" role="status">
        You can now sign in with your new password. For your safety, you have been signed out everywhere else.
      </Text>
      <Button component={Link} to={paths.login.getHref()} size="lg" fullWidth>
        Sign in
      </Button>
    </AuthLayout>
  );
}

interface NewPasswordFormProps {
  resetKey: string;
  change: ReturnType<typeof useChangePasswordUnsigned>;
}

function NewPasswordForm({ resetKey, change }: NewPasswordFormProps) {
  const form = useForm<NewPasswordValues>({
    mode: 'uncontrolled',
    initialValues: { new_password: '', confirm_password: '' },
    validate: schemaResolver(NewPasswordSchema, { sync: true }),
  });

  const submit = form.onSubmit(
    ({ new_password }) =>
      change.mutate(
        { key: resetKey, newPassword: new_password },
        {
          onError: (error) => {
            const fieldErrors = fieldErrorsOf(error);
            form.setErrors(fieldErrors);
            focusFirstError(form, fieldErrors);
          },
        },
      ),
    (errors) => focusFirstError(form, errors),
  );
  const hasFieldErrors = Object.keys(fieldErrorsOf(change.error)).length > 0;

  return (
    <AuthLayout
      title="Choose a new password"
      intro="Pick a password you have not used here before."
      focusHeadingOnMount
    >
      {change.error && !hasFieldErrors && (
        <Alert color="red.9" variant="outline" title="Could not change the password">
          {change.error.message}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            size="lg"
            label="New password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters`}
            autoComplete="new-password"
            key={form.key('new_password')}
            {...form.getInputProps('new_password')}
          />
          <PasswordInput
            size="lg"
            label="Confirm new password"
            autoComplete="new-password"
            key={form.key('confirm_password')}
            {...form.getInputProps('confirm_password')}
          />
          <Button type="submit" size="lg" fullWidth loading={change.isPending}>
            Change password
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
