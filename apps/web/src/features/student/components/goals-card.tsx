import type { GoalProgress } from '@readalong/contracts';
import { Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { z } from 'zod';
import { longDay } from './dates';

type Goal = z.infer<typeof GoalProgress>;

const GOAL_NAMES: Record<Goal['kind'], { name: string; unit: string }> = {
  lexile: { name: 'Reading level', unit: 'L' },
  wpm: { name: 'Reading speed', unit: ' words a minute' },
  wcpm: { name: 'Words read right in a minute', unit: '' },
};

/** The goals the teacher set, each as how far along the student is. */
export function GoalsCard({ goals }: { goals: readonly Goal[] }) {
  if (goals.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="goals-heading">
      <Stack gap="lg">
        <Title order={2} size="h4" id="goals-heading">
          Your goals
        </Title>
        {goals.map((goal) => {
          const { name, unit } = GOAL_NAMES[goal.kind];
          const current = goal.current === null ? null : Math.round(goal.current);
          const percent = current === null ? 0 : Math.min(100, Math.round((current / goal.target) * 100));
          const status =
            goal.achieved_at !== null
              ? 'You did it!'
              : current === null
                ? 'Not measured yet'
                : `${current}${unit} now`;
          return (
            <Stack key={goal.kind} gap={6}>
              <Text size="lg" fw={700}>
                {name}: {goal.target}
                {unit}
                {goal.target_date && ` by ${longDay(goal.target_date)}`}
              </Text>
              <Progress
                value={percent}
                size="xl"
                radius="xl"
                color={goal.achieved_at !== null ? 'green.8' : 'indigo.7'}
                aria-label={`${name} goal: ${status}`}
              />
              <Text size="md">{status}</Text>
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
