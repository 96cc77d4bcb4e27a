import { EmptyState } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';

/** Reports, reading progress, Lexile timeline and book selection (SPEC.md §2). A frame for now: it says what will appear here. */
export function MyProgressPage() {
  return (
    <EmptyState icon={<IconChartLine aria-hidden />}>
      <EmptyState.Title order={2}>Your progress will grow here</EmptyState.Title>
      <EmptyState.Description>
        Your reports, reading progress and Lexile timeline will appear here as you read.
      </EmptyState.Description>
    </EmptyState>
  );
}
