import { EmptyState } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';

/** Insights, the default child of its area (the “Insights” area, docs/rules.md C27). A frame for now: it says what will appear here. */
export function InsightsPage() {
  return (
    <EmptyState icon={<IconChartBar aria-hidden />}>
      <EmptyState.Title order={2}>No insights yet</EmptyState.Title>
      <EmptyState.Description>
        Reading activity, level progression and skills of your classes will appear here once students read.
      </EmptyState.Description>
    </EmptyState>
  );
}
