import { Button, Card, Group, Stack, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { FormProblem } from './form-problem';

interface FormCardProps {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  titleSize?: 'h3' | 'h4';
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
  /** The server's refusal in words (C30); field errors show on their fields. */
  error: Error | null;
  errorTitle?: string;
  /** Buttons before the submit button, such as "Add another class". */
  moreActions?: ReactNode;
  children: ReactNode;
}

/** A management form in its own titled section: its fields, the server's refusal, then submit and Cancel. */
export function FormCard({
  id,
  title,
  titleSize = 'h4',
  onSubmit,
  onCancel,
  submitLabel,
  pending,
  error,
  errorTitle,
  moreActions,
  children,
}: FormCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} size={titleSize} id={id}>
            {title}
          </Title>
          {children}
          <FormProblem error={error} title={errorTitle} />
          <Group gap="sm" wrap="wrap">
            {moreActions}
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
