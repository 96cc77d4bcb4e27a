import { EmptyState } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';

/** Roster import (the “Management” area, docs/rules.md C27). A frame for now: it says what will appear here. */
export function ImportPage() {
  return (
    <EmptyState icon={<IconFileImport aria-hidden />}>
      <EmptyState.Title order={2}>Import a roster</EmptyState.Title>
      <EmptyState.Description>
        The classes, teachers and students of a roster file will appear here for you to check before they are
        added.
      </EmptyState.Description>
    </EmptyState>
  );
}
