import { EmptyState } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';

/** The school’s details (the “Management” area, docs/rules.md C27). A frame for now: it says what will appear here. */
export function SchoolPage() {
  return (
    <EmptyState icon={<IconBuilding aria-hidden />}>
      <EmptyState.Title order={2}>Your school</EmptyState.Title>
      <EmptyState.Description>
        Your school’s details and licence-pack usage will appear here.
      </EmptyState.Description>
    </EmptyState>
  );
}
