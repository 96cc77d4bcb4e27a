import { EmptyState } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';

/** Books already assigned (the “Assignments” area, docs/rules.md C27). A frame for now: it says what will appear here. */
export function AssignedPage() {
  return (
    <EmptyState icon={<IconClipboardCheck aria-hidden />}>
      <EmptyState.Title order={2}>Nothing assigned yet</EmptyState.Title>
      <EmptyState.Description>
        Books you have assigned will appear here, with how many students have finished them.
      </EmptyState.Description>
    </EmptyState>
  );
}
