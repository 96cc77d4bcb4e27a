import { EmptyState } from '@mantine/core';
import { IconMicrophone } from '@tabler/icons-react';

/** Class detail (SPEC.md §2 “Teacher area”). A frame for now: it says what will appear here. */
export function TeacherClassPage() {
  return (
    <EmptyState icon={<IconMicrophone aria-hidden />}>
      <EmptyState.Title order={2}>No recordings to review</EmptyState.Title>
      <EmptyState.Description>
        Your class’s recordings waiting for review will appear here.
      </EmptyState.Description>
    </EmptyState>
  );
}
