import { Button, CopyButton, Group, Paper, PasswordInput, Radio, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { fieldErrorsOf } from '@/lib/api-client';
import { showToast } from '@/lib/toasts';
import { useResetPassword } from '../api/accounts';
import type { ManagedStudent } from '../api/students';
import { ConfirmModal } from './confirm-modal';
import { Dialog } from '@/components/dialog';
import { DialogForm } from './dialog-form';

type Choice = 'generate' | 'type';

/** What the server answered: the password it made up, or null when the teacher typed one. */
interface Reset {
  password: string | null;
}

/**
 * A student's new password (docs/rules.md C32, M10): made up by the server or typed by the teacher, then shown once.
 * The student's sessions end and a sign-in lockout is lifted.
 */
export function ResetPasswordDialog({ student, onClose }: { student: ManagedStudent; onClose: () => void }) {
  const [done, setDone] = useState<Reset | null>(null);
  return (
    <Dialog
      opened
      onClose={onClose}
      title={done ? `${student.name}’s new password` : `Reset ${student.name}’s password`}
    >
      {done ? (
        <NewPassword username={student.username} password={done.password} onDone={onClose} />
      ) : (
        <ResetPasswordForm student={student} onReset={setDone} onCancel={onClose} />
      )}
    </Dialog>
  );
}

function ResetPasswordForm({
  student,
  onReset,
  onCancel,
}: {
  student: ManagedStudent;
  onReset: (reset: Reset) => void;
  onCancel: () => void;
}) {
  const reset = useResetPassword();
  const form = useForm({ initialValues: { choice: 'generate' as Choice, password: '' } });
  const submit = form.onSubmit(({ choice, password }) =>
    reset.mutate(
      { userId: student.student_id, password: choice === 'type' ? password : undefined },
      {
        onSuccess: ({ initial_password }) => onReset({ password: initial_password }),
        onError: (error) => form.setErrors(fieldErrorsOf(error)),
      },
    ),
  );
  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onCancel}
      submitLabel="Reset the password"
      submitColor="orange"
      pending={reset.isPending}
      error={reset.error}
    >
      <Text>
        The old password stops working and {student.first_name} is signed out on every device. A sign-in
        lockout is lifted too.
      </Text>
      <Radio.Group label="The new password" {...form.getInputProps('choice')}>
        <Stack gap="xs" mt="xs">
          <Radio value="generate" label="Make one up for me" />
          <Radio value="type" label="I will type one" />
        </Stack>
      </Radio.Group>
      {form.values.choice === 'type' && (
        <PasswordInput
          label="Password"
          required
          autoComplete="new-password"
          data-autofocus
          {...form.getInputProps('password')}
        />
      )}
    </DialogForm>
  );
}

/**
 * The new password, shown once (C32): large enough to read out or copy, beside the username it goes with. Focus moves
 * to the copy button, as the form it replaces is gone.
 */
function NewPassword({
  username,
  password,
  onDone,
}: {
  username: string;
  password: string | null;
  onDone: () => void;
}) {
  const firstButton = useRef<HTMLButtonElement>(null);
  useEffect(() => firstButton.current?.focus(), []);
  return (
    <Stack gap="md">
      <Text>Write it down or copy it now: it is not shown again.</Text>
      <Paper withBorder radius="md" p="md" component="dl" m={0}>
        <Text component="dt" size="sm">
          Username
        </Text>
        <Text component="dd" ff="monospace" size="lg" ml={0} mb="sm" style={{ overflowWrap: 'anywhere' }}>
          {username}
        </Text>
        <Text component="dt" size="sm">
          Password
        </Text>
        <Text component="dd" ff="monospace" size="xl" fw={700} ml={0} style={{ overflowWrap: 'anywhere' }}>
          {password ?? 'the one you typed'}
        </Text>
      </Paper>
      <Group justify="flex-end" gap="sm">
        {password && (
          <CopyButton value={password}>
            {({ copied, copy }) => (
              <Button ref={firstButton} variant="default" onClick={copy}>
                {copied ? 'Copied' : 'Copy the password'}
              </Button>
            )}
          </CopyButton>
        )}
        <Button ref={password ? undefined : firstButton} onClick={onDone}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}

/** The staff member to send a set-password link to. */
export interface StaffToReset {
  id: number;
  label: string;
  email: string | null;
}

/**
 * A staff member sets their own new password from a link emailed to them (M10): nobody else learns it. Their
 * sessions end at once.
 */
export function SendPasswordLinkDialog({ member, onClose }: { member: StaffToReset; onClose: () => void }) {
  const reset = useResetPassword();
  const send = () =>
    reset.mutate(
      { userId: member.id },
      {
        onSuccess: ({ link_sent_to }) => {
          showToast({ type: 'positive', message: `A link was sent to ${link_sent_to ?? member.email}.` });
          onClose();
        },
      },
    );
  return (
    <ConfirmModal
      opened
      title="Send a set-password link?"
      names={[member.label]}
      confirmLabel="Send the link"
      confirmColor="orange"
      onConfirm={send}
      onClose={onClose}
      isPending={reset.isPending}
      error={reset.error}
    >
      {`An email with a link to set a new password goes to ${member.email ?? 'their address'}. They are signed out on every device now.`}
    </ConfirmModal>
  );
}
