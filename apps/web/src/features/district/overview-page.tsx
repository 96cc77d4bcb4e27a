import { EmptyState } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';

/** The district overview, the district’s default child (the “District” area, docs/rules.md C27). A frame for now: it says what will appear here. */
export function DistrictOverviewPage() {
  return (
    <EmptyState icon={<IconBuildingCommunity aria-hidden />}>
      <EmptyState.Title order={2}>Your district at a glance</EmptyState.Title>
      <EmptyState.Description>
        Every school of your district will appear here, with its students, teachers and reading activity.
      </EmptyState.Description>
    </EmptyState>
  );
}
