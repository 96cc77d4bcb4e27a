import { EmptyState } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';

/** District settings (SPEC.md §2 “District”). A frame for now: it says what will appear here. */
export function DistrictSettingsPage() {
  return (
    <EmptyState icon={<IconSettings aria-hidden />}>
      <EmptyState.Title order={2}>District settings</EmptyState.Title>
      <EmptyState.Description>
        Settings that apply to every school of your district will appear here.
      </EmptyState.Description>
    </EmptyState>
  );
}
