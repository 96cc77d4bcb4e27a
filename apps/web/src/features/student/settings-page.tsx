import { EmptyState } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';

/** The student’s reading settings (SPEC.md §2, §3 “Reading settings”). A frame for now: it says what will appear here. */
export function StudentSettingsPage() {
  return (
    <EmptyState icon={<IconSettings aria-hidden />}>
      <EmptyState.Title order={2}>Your reading settings</EmptyState.Title>
      <EmptyState.Description>
        Highlighting, narration, page flip, narration speed, text size and music will appear here for you to
        change.
      </EmptyState.Description>
    </EmptyState>
  );
}
