import { EmptyState } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';

/** One class’s students, with export and student update (the “Management” area, docs/rules.md C27). A frame for now: it says what will appear here. */
export function ManageClassPage() {
  return (
    <EmptyState icon={<IconUsersGroup aria-hidden />}>
      <EmptyState.Title order={2}>No students in this class yet</EmptyState.Title>
      <EmptyState.Description>
        This class’s students will appear here, ready to export or update.
      </EmptyState.Description>
    </EmptyState>
  );
}
