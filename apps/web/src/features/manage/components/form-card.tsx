import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { FormEventHandler, ReactNode } from 'react';
import { plural } from '@/lib/plural';
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

interface RowsFormCardProps extends Omit<FormCardProps, 'submitLabel' | 'moreActions' | 'children'> {
  /** What each row creates: { one: 'class', many: 'classes' }. */
  noun: { one: string; many: string };
  rowCount: number;
  onAddRow: () => void;
  onRemoveRow: (index: number) => void;
  /** One row's fields; `suffix` (" (class 2)") tells their labels apart while there are several rows. */
  row: (index: number, suffix: string) => ReactNode;
  /** Above the rows: a field for all of them, or a hint. */
  children?: ReactNode;
}

/**
 * A FormCard creating one thing or several at once: "Add another class", each row numbered with its "Leave out" button
 * while there are several, and "Create the class" / "Create 3 classes".
 */
export function RowsFormCard({
  noun,
  rowCount,
  onAddRow,
  onRemoveRow,
  row,
  children,
  ...card
}: RowsFormCardProps) {
  const Noun = noun.one.charAt(0).toUpperCase() + noun.one.slice(1);
  return (
    <FormCard
      {...card}
      submitLabel={
        rowCount === 1 ? `Create the ${noun.one}` : `Create ${plural(rowCount, noun.one, noun.many)}`
      }
      moreActions={
        <Button variant="light" leftSection={<IconPlus size={18} aria-hidden />} onClick={onAddRow}>
          Add another {noun.one}
        </Button>
      }
    >
      {children}
      {Array.from({ length: rowCount }, (_, index) => (
        <Stack key={index} gap={4}>
          {rowCount > 1 && (
            <Group justify="space-between">
              <Text fw={600}>
                {Noun} {index + 1}
              </Text>
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => onRemoveRow(index)}
              >
                Leave out {noun.one} {index + 1}
              </Button>
            </Group>
          )}
          {row(index, rowCount > 1 ? ` (${noun.one} ${index + 1})` : '')}
        </Stack>
      ))}
    </FormCard>
  );
}
