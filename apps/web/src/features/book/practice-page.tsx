import { EmptyState } from '@mantine/core';
import { IconMicrophone } from '@tabler/icons-react';

/** Read-aloud practice (SPEC.md §2 “Power-builders area”). A frame for now: it says what will appear here. */
export function BookPracticePage() {
  return (
    <EmptyState icon={<IconMicrophone aria-hidden />}>
      <EmptyState.Title order={2}>Practise reading aloud</EmptyState.Title>
      <EmptyState.Description>
        Here you will record yourself reading this book aloud and listen back.
      </EmptyState.Description>
    </EmptyState>
  );
}
