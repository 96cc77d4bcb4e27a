import { EmptyState } from '@mantine/core';
import { IconReportAnalytics } from '@tabler/icons-react';

/** One student’s report (the “Teacher area”, docs/rules.md C27). A frame for now: it says what will appear here. */
export function StudentReportPage() {
  return (
    <EmptyState icon={<IconReportAnalytics aria-hidden />}>
      <EmptyState.Title order={2}>No report yet</EmptyState.Title>
      <EmptyState.Description>
        This student’s book results, reading speed and skills over time will appear here.
      </EmptyState.Description>
    </EmptyState>
  );
}
