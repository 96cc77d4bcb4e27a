import { EmptyState } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';

/** The school’s classes (the “Management” area, docs/rules.md C27). A frame for now: it says what will appear here. */
export function ClassesPage() {
  return (
    <EmptyState icon={<IconSchool aria-hidden />}>
      <EmptyState.Title order={2}>No classes yet</EmptyState.Title>
      <EmptyState.Description>
        Your school’s classes will appear here, with their teachers and number of students.
      </EmptyState.Description>
    </EmptyState>
  );
}
