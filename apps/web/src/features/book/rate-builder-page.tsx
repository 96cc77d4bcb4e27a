import { EmptyState } from '@mantine/core';
import { IconGauge } from '@tabler/icons-react';

/** Reading-rate practice on a book (SPEC.md §2 “Power-builders area”). A frame for now: it says what will appear here. */
export function RateBuilderPage() {
  return (
    <EmptyState icon={<IconGauge aria-hidden />}>
      <EmptyState.Title order={2}>Rate builder</EmptyState.Title>
      <EmptyState.Description>Timed reading practice with this book will appear here.</EmptyState.Description>
    </EmptyState>
  );
}
