import { EmptyState } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';

/** The quiz of an assigned book (SPEC.md §2 “Student assignments”). A frame for now: it says what will appear here. */
export function AssignmentQuizPage() {
  return (
    <EmptyState icon={<IconListCheck aria-hidden />}>
      <EmptyState.Title order={2}>Assignment quiz</EmptyState.Title>
      <EmptyState.Description>
        The questions about your assigned book will appear here.
      </EmptyState.Description>
    </EmptyState>
  );
}
