import { EmptyState } from '@mantine/core';
import { IconPuzzle } from '@tabler/icons-react';

/** A skill builder’s quiz, full screen (SPEC.md §2 “Skill builder”). A frame for now: it says what will appear here. */
export function SkillBuilderPage() {
  return (
    <EmptyState icon={<IconPuzzle aria-hidden />}>
      <EmptyState.Title order={2}>Your skill builder</EmptyState.Title>
      <EmptyState.Description>The questions of this skill builder will appear here.</EmptyState.Description>
    </EmptyState>
  );
}
