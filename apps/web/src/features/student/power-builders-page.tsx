import { EmptyState } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';

/** All books of the student area (SPEC.md §2). A frame for now: it says what will appear here. */
export function PowerBuildersPage() {
  return (
    <EmptyState icon={<IconBooks aria-hidden />}>
      <EmptyState.Title order={2}>Your books are on their way</EmptyState.Title>
      <EmptyState.Description>
        All the power builders at your level will appear here, ready to read.
      </EmptyState.Description>
    </EmptyState>
  );
}
