import { EmptyState } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';

/** A demonstration of reading a book; nothing is recorded (SPEC.md §2). A frame for now: it says what will appear here. */
export function DemoReadPage() {
  return (
    <EmptyState icon={<IconBook2 aria-hidden />}>
      <EmptyState.Title order={2}>Demo reading</EmptyState.Title>
      <EmptyState.Description>
        A demonstration of this book will appear here. Nothing you do here is saved.
      </EmptyState.Description>
    </EmptyState>
  );
}
