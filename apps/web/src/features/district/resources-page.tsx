import { EmptyState } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';

/** District resources (the “District” area, docs/rules.md C27). A frame for now: it says what will appear here. */
export function DistrictResourcesPage() {
  return (
    <EmptyState icon={<IconLifebuoy aria-hidden />}>
      <EmptyState.Title order={2}>District resources</EmptyState.Title>
      <EmptyState.Description>
        Guides for district leaders and school administrators will appear here.
      </EmptyState.Description>
    </EmptyState>
  );
}
