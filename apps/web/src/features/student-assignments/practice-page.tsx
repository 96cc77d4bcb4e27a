import { EmptyState } from '@mantine/core';
import { IconMicrophone } from '@tabler/icons-react';

/** Read-aloud practice on an assigned book (SPEC.md §2 “Student assignments”). A frame for now: it says what will appear here. */
export function AssignmentPracticePage() {
  return (
    <EmptyState icon={<IconMicrophone aria-hidden />}>
      <EmptyState.Title order={2}>Practise reading aloud</EmptyState.Title>
      <EmptyState.Description>
        Here you will practise reading your assigned book aloud.
      </EmptyState.Description>
    </EmptyState>
  );
}
