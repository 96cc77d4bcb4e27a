import { EmptyState } from '@mantine/core';
import { IconMicrophone } from '@tabler/icons-react';

/** The reading assignment: a recording for the teacher (SPEC.md §2). A frame for now: it says what will appear here. */
export function BookAssignmentPage() {
  return (
    <EmptyState icon={<IconMicrophone aria-hidden />}>
      <EmptyState.Title order={2}>Reading assignment</EmptyState.Title>
      <EmptyState.Description>
        Here you will record this book for your teacher to listen to and review.
      </EmptyState.Description>
    </EmptyState>
  );
}
