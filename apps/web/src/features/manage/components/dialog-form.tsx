import { Button, Group, Stack, type MantineColor } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { FormProblem } from './form-problem';

interface DialogFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  submitLabel: string;
  submitColor?: MantineColor;
  pending: boolean;
  /** The server's refusal in words (C30); field errors show on their fields. */
  error: Error | null;
  errorTitle?: string;
  children: ReactNode;
}

/** A form inside a dialog: its fields, the server's refusal, then Cancel and submit at the end of the line. */
export function DialogForm({
  onSubmit,
  onCancel,
  submitLabel,
  submitColor,
  pending,
  error,
  errorTitle,
  children,
}: DialogFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {children}
        <FormProblem error={error} title={errorTitle} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" color={submitColor} loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
