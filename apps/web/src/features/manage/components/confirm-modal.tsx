import { Button, Group, List, Stack, Text, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Dialog } from '@/components/dialog';
import { FormProblem } from './form-problem';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  /** What the action does to them, in a sentence. */
  children: ReactNode;
  /** Everyone or everything the action touches, by name: nobody goes by surprise. */
  names: readonly string[];
  confirmLabel: string;
  /** Red for what removes or takes away (the default); another colour for what gives back. */
  confirmColor?: MantineColor;
  onConfirm: () => void;
  onClose: () => void;
  isPending: boolean;
  error: Error | null;
}

/** Asks before an action that removes, deletes or disables, naming each one it touches. */
export function ConfirmModal({
  opened,
  title,
  children,
  names,
  confirmLabel,
  confirmColor = 'red',
  onConfirm,
  onClose,
  isPending,
  error,
}: ConfirmModalProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title={title} size="lg">
      <Stack gap="md">
        <Text>{children}</Text>
        <List spacing={4} style={{ maxHeight: 240, overflowY: 'auto' }}>
          {names.map((name, index) => (
            <List.Item key={`${name}-${index}`}>{name}</List.Item>
          ))}
        </List>
        <FormProblem error={error} title="Nothing was changed" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={confirmColor} loading={isPending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
