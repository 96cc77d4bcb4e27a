import { EmptyState } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';

/** Student resources (SPEC.md §2). A frame for now: it says what will appear here. */
export function StudentResourcesPage() {
  return (
    <EmptyState icon={<IconLifebuoy aria-hidden />}>
      <EmptyState.Title order={2}>Help for readers</EmptyState.Title>
      <EmptyState.Description>
        Guides and help for reading with ReadAlong will appear here.
      </EmptyState.Description>
    </EmptyState>
  );
}
