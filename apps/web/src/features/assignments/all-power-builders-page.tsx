import { EmptyState } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';

/** The library to assign from (SPEC.md §2 “Assignments”). A frame for now: it says what will appear here. */
export function AllPowerBuildersPage() {
  return (
    <EmptyState icon={<IconBooks aria-hidden />}>
      <EmptyState.Title order={2}>The library</EmptyState.Title>
      <EmptyState.Description>
        The library’s power builders will appear here, ready to assign to a class.
      </EmptyState.Description>
    </EmptyState>
  );
}
