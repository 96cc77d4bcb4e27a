import { EmptyState } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';

/** Teacher resources (the “Teacher area”, docs/rules.md C27). A frame for now: it says what will appear here. */
export function TeacherResourcesPage() {
  return (
    <EmptyState icon={<IconLifebuoy aria-hidden />}>
      <EmptyState.Title order={2}>Teaching resources</EmptyState.Title>
      <EmptyState.Description>
        Teaching guides and printable resources will appear here.
      </EmptyState.Description>
    </EmptyState>
  );
}
