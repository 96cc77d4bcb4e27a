import { EmptyState } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';

/** Every student of the school (the “Management” area, docs/rules.md C27). A frame for now: it says what will appear here. */
export function ManageStudentsPage() {
  return (
    <EmptyState icon={<IconUsers aria-hidden />}>
      <EmptyState.Title order={2}>No students yet</EmptyState.Title>
      <EmptyState.Description>
        Every student of your school will appear here, with their class and level.
      </EmptyState.Description>
    </EmptyState>
  );
}
