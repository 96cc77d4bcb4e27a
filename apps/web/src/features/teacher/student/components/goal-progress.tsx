import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import type { GoalProgress } from '../api/student-report';
import { dayOf } from './report-parts';

const NAMES: Record<GoalProgress['kind'], string> = { lexile: 'Lexile', wpm: 'WPM', wcpm: 'WCPM' };

/**
 * Met when the server recorded it or the newest figure is at the target: a class goal records no time, and a goal
 * set below where the student already reads is met although its alert waits for new work (docs/rules.md G3).
 */
export const isMet = (goal: GoalProgress) =>
  goal.achieved_at !== null || (goal.current !== null && goal.current >= goal.target);

/** "WCPM 72 of 90": the figure now against the target. */
export const goalFigures = (goal: GoalProgress) =>
  `${NAMES[goal.kind]} ${goal.current === null ? '–' : Math.round(goal.current)} of ${goal.target}`;

/** Each target of the student's goal (their own, else their home class's, P9) with a bar and the numbers. */
export function GoalProgressList({ goals }: { goals: readonly GoalProgress[] }) {
  return (
    <Stack gap="sm">
      {goals.map((goal) => {
        const met = isMet(goal);
        const percent =
          goal.current === null ? 0 : Math.min(100, Math.round((goal.current / goal.target) * 100));
        return (
          <Stack key={goal.kind} gap={4}>
            <Group justify="space-between" gap="xs">
              <Text fw={600}>{goalFigures(goal)}</Text>
              {met ? (
                <Badge color="green" variant="light" tt="none">
                  Met{goal.achieved_at ? ` ${dayOf(goal.achieved_at)}` : ''}
                </Badge>
              ) : (
                goal.target_date && (
                  <Text size="sm" c="dimmed">
                    by {dayOf(goal.target_date)}
                  </Text>
                )
              )}
            </Group>
            <Progress
              value={met ? 100 : percent}
              color={met ? 'green.8' : 'indigo.7'}
              aria-label={met ? `${goalFigures(goal)}: met` : goalFigures(goal)}
            />
          </Stack>
        );
      })}
    </Stack>
  );
}
