import { EmptyState } from '@mantine/core';
import { IconUserCog } from '@tabler/icons-react';

/** The school’s staff (the “Management” area, docs/rules.md C27). A frame for now: it says what will appear here. */
export function StaffPage() {
  return (
    <EmptyState icon={<IconUserCog aria-hidden />}>
      <EmptyState.Title order={2}>No staff yet</EmptyState.Title>
      <EmptyState.Description>
        The teachers of your school will appear here, with their classes.
      </EmptyState.Description>
    </EmptyState>
  );
}
