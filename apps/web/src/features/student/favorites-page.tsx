import { EmptyState } from '@mantine/core';
import { IconHeart } from '@tabler/icons-react';

/** The student’s favourite books (SPEC.md §2). A frame for now: it says what will appear here. */
export function FavoritesPage() {
  return (
    <EmptyState icon={<IconHeart aria-hidden />}>
      <EmptyState.Title order={2}>No favorites yet</EmptyState.Title>
      <EmptyState.Description>
        Books you mark with a heart will appear here, so you can find them again.
      </EmptyState.Description>
    </EmptyState>
  );
}
