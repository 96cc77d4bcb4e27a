import { EmptyState } from '@mantine/core';
import { IconMicrophone } from '@tabler/icons-react';

/** The recording an assignment asks for (SPEC.md §2 “Student assignments”). A frame for now: it says what will appear here. */
export function AssignmentRecordingPage() {
  return (
    <EmptyState icon={<IconMicrophone aria-hidden />}>
      <EmptyState.Title order={2}>Record your assignment</EmptyState.Title>
      <EmptyState.Description>
        Here you will record your assigned book for your teacher to review.
      </EmptyState.Description>
    </EmptyState>
  );
}
