import { EmptyState } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';

/** Reading an assigned book (SPEC.md §2 “Student assignments”). A frame for now: it says what will appear here. */
export function AssignmentReadPage() {
  return (
    <EmptyState icon={<IconBook2 aria-hidden />}>
      <EmptyState.Title order={2}>Your assigned book</EmptyState.Title>
      <EmptyState.Description>The book your teacher assigned will appear here.</EmptyState.Description>
    </EmptyState>
  );
}
