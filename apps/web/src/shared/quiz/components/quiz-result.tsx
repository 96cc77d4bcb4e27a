import { Card, Group, RingProgress, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import type { Response, contracts } from '@readalong/contracts';
import { IconCoins } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LevelChangeNotice } from './level-change-notice';

export type QuizOutcome = Response<typeof contracts.submitDiagnostics>;

interface QuizResultProps {
  result: Pick<QuizOutcome, 'score_percent' | 'passed' | 'coins_awarded' | 'level_change'>;
  /** What to do next: links to the next book, the review, another try. */
  children?: ReactNode;
}

const headline = (passed: boolean | null) =>
  passed === null ? 'Your answers are in!' : passed ? 'Well done, you passed!' : 'Good try!';

const encouragement = (passed: boolean | null, movedUp: boolean) =>
  movedUp
    ? 'Your next books are waiting in your new band.'
    : passed === null
      ? 'Your teacher will mark your written answers, then you will see your score.'
      : passed
        ? 'You understood this book. Keep reading to move up a level.'
        : 'Read the book again and look for the answers. You need 80% to pass.';

/** What a finished quiz earned: the score, the coins, and a level change when there is one. */
export function QuizResult({ result, children }: QuizResultProps) {
  const { score_percent: score, passed, coins_awarded: coins, level_change: levelChange } = result;
  return (
    <Stack gap="lg" align="stretch">
      {levelChange && <LevelChangeNotice change={levelChange} />}
      <Card withBorder radius="lg" padding="xl" shadow="sm">
        <Stack align="center" gap="md" ta="center">
          <Title order={2}>{headline(passed)}</Title>
          {score !== null && (
            <RingProgress
              size={180}
              thickness={18}
              roundCaps
              sections={[{ value: score, color: passed ? 'green' : 'orange' }]}
              label={
                <Text ta="center" fw={800} size="2rem">
                  <VisuallyHidden>Your score: </VisuallyHidden>
                  {Math.round(score)}%
                </Text>
              }
            />
          )}
          <Text size="lg">{encouragement(passed, levelChange?.direction === 'up')}</Text>
          {coins > 0 && (
            <Group gap="sm" wrap="nowrap" aria-live="polite">
              <ThemeIcon size={48} radius="xl" color="yellow.3" c="dark.8" aria-hidden>
                <IconCoins size={28} />
              </ThemeIcon>
              <Text size="xl" fw={800}>
                +{coins} {coins === 1 ? 'coin' : 'coins'}
              </Text>
            </Group>
          )}
        </Stack>
      </Card>
      {children}
    </Stack>
  );
}
