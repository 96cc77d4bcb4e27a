import { EmptyState } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';

/** A demonstration of a book’s quiz (SPEC.md §2). A frame for now: it says what will appear here. */
export function DemoQuizPage() {
  return (
    <EmptyState icon={<IconListCheck aria-hidden />}>
      <EmptyState.Title order={2}>Demo quiz</EmptyState.Title>
      <EmptyState.Description>
        A demonstration of this book’s quiz will appear here. Answers are not saved.
      </EmptyState.Description>
    </EmptyState>
  );
}
