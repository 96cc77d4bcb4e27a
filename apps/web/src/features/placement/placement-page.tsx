import { EmptyState } from '@mantine/core';
import { IconCompass } from '@tabler/icons-react';

/** The placement test (SPEC.md §2 “Placement test”). A frame for now: it says what will appear here. */
export function PlacementPage() {
  return (
    <EmptyState icon={<IconCompass aria-hidden />}>
      <EmptyState.Title order={2}>Your placement test</EmptyState.Title>
      <EmptyState.Description>
        Your placement test will appear here. It finds the books that fit you best.
      </EmptyState.Description>
    </EmptyState>
  );
}
