import { EmptyState } from '@mantine/core';
import { IconMicrophone } from '@tabler/icons-react';

/** A demonstration of read-aloud practice (SPEC.md §2). A frame for now: it says what will appear here. */
export function DemoPracticePage() {
  return (
    <EmptyState icon={<IconMicrophone aria-hidden />}>
      <EmptyState.Title order={2}>Demo practice</EmptyState.Title>
      <EmptyState.Description>
        A demonstration of read-aloud practice will appear here. Nothing is recorded.
      </EmptyState.Description>
    </EmptyState>
  );
}
