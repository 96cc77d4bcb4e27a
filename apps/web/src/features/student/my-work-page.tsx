import { EmptyState } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';

/** Work the teacher gave the student (SPEC.md §2). A frame for now: it says what will appear here. */
export function MyWorkPage() {
  return (
    <EmptyState icon={<IconClipboardList aria-hidden />}>
      <EmptyState.Title order={2}>Nothing to do yet</EmptyState.Title>
      <EmptyState.Description>Books your teacher gives you to read will appear here.</EmptyState.Description>
    </EmptyState>
  );
}
