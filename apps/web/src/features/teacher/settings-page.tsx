import { EmptyState } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';

/** The teacher’s settings (the “Teacher area”, docs/rules.md C27). A frame for now: it says what will appear here. */
export function TeacherSettingsPage() {
  return (
    <EmptyState icon={<IconSettings aria-hidden />}>
      <EmptyState.Title order={2}>Class settings</EmptyState.Title>
      <EmptyState.Description>
        Your students’ reading goals and your class’s options will appear here.
      </EmptyState.Description>
    </EmptyState>
  );
}
