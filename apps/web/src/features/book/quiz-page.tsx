import { EmptyState } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';

/** A book’s questions (SPEC.md §2 “Power-builders area”). A frame for now: it says what will appear here. */
export function BookQuizPage() {
  return (
    <EmptyState icon={<IconListCheck aria-hidden />}>
      <EmptyState.Title order={2}>Quiz</EmptyState.Title>
      <EmptyState.Description>
        This book’s questions will appear here after you read it.
      </EmptyState.Description>
    </EmptyState>
  );
}
