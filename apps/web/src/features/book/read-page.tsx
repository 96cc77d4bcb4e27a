import { EmptyState } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';

/** E-book reading (SPEC.md §2 “Power-builders area”). A frame for now: it says what will appear here. */
export function BookReadPage() {
  return (
    <EmptyState icon={<IconBook2 aria-hidden />}>
      <EmptyState.Title order={2}>Your book is opening soon</EmptyState.Title>
      <EmptyState.Description>
        This book’s pages will appear here, with narration and word highlighting.
      </EmptyState.Description>
    </EmptyState>
  );
}
