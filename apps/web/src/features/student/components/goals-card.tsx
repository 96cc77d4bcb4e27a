import type { GoalProgress } from '@readalong/contracts';
import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { useId } from 'react';
import type { z } from 'zod';
import { longDay } from './dates';

type Goal = z.infer<typeof GoalProgress>;

const NAMES: Record<Goal['kind'], string> = { lexile: 'Lexile', wpm: 'WPM', wcpm: 'WCPM' };

/**
 * Reached when the server recorded it (RA9) or the newest figure is at the target: a class goal records no time,
 * and a goal set below where the student already reads is reached although its alert waits for new work (G3).
 */
const isReached = (goal: Goal) =>
  goal.achieved_at !== null || (goal.current !== null && goal.current >= goal.target);

/**
 * "My goals", on home and the progress page: each target the teacher set (their own, else the class's, P9) and how
 * far along the student is.
 */
export function GoalsCard({ goals }: { goals: readonly Goal[] }) {
  const headingId = useId();
  if (goals.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={headingId}>
          My goals
        </Title>
        {goals.map((goal) => (
          <GoalBar key={goal.kind} goal={goal} />
        ))}
      </Stack>
    </Paper>
  );
}

function GoalBar({ goal }: { goal: Goal }) {
  const current = goal.current === null ? null : Math.round(goal.current);
  const reached = isReached(goal);
  const figures = `${NAMES[goal.kind]} ${current ?? '–'} of ${goal.target}`;
  const percent = current === null ? 0 : Math.min(100, Math.round((current / goal.target) * 100));
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={700}>{figures}</Text>
        {reached && (
          <Group gap={4} c="green.9">
            <IconTrophy size={18} aria-hidden />
            <Text fw={700} c="green.9">
              Goal reached!
            </Text>
          </Group>
        )}
      </Group>
      <Progress
        value={reached ? 100 : percent}
        size="lg"
        radius="xl"
        color={reached ? 'green.8' : 'indigo.7'}
        aria-label={reached ? `${figures}: goal reached` : figures}
      />
      {goal.target_date && !reached && <Text size="sm">By {longDay(goal.target_date)}</Text>}
    </Stack>
  );
}
