import { Alert, Group, Kbd, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { Fluency } from '@readalong/contracts';
import { IMPLAUSIBLE_WPM, formatAccuracy, formatRate } from '@/shared/read-aloud/fluency-format';

/** WPM, WCPM and accuracy of a recording, with the words behind them. */
export function FluencyFigures({ fluency, mistakes }: { fluency: Fluency; mistakes: number }) {
  const cards = [
    { label: 'Words per minute', short: 'WPM', value: formatRate(fluency.wpm) },
    { label: 'Words correct per minute', short: 'WCPM', value: formatRate(fluency.wcpm) },
    { label: 'Accuracy', short: 'Accuracy', value: formatAccuracy(fluency.accuracy) },
  ];
  return (
    <div>
      <SimpleGrid cols={3} spacing="xs" aria-live="polite">
        {cards.map((card) => (
          <Paper key={card.short} withBorder radius="md" p="sm" ta="center">
            <Text size="xl" fw={800} ff="monospace" data-figure={card.short}>
              {card.value}
            </Text>
            <Text size="xs" c="dimmed" title={card.label}>
              {card.short}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Group justify="center" mt={6}>
        <Text size="sm" c="dimmed">
          {fluency.wordsRead} words read · {fluency.wordsRead - fluency.wordsCorrect} read wrongly ·{' '}
          {mistakes === 1 ? '1 mark' : `${mistakes} marks`}
        </Text>
      </Group>
      {fluency.wpm !== null && fluency.wpm > IMPLAUSIBLE_WPM && (
        <Alert color="yellow" mt="sm" p="xs" icon={<IconAlertTriangle size={18} aria-hidden />}>
          Faster than anyone reads aloud: did the reading stop early? Mark the last word read (<Kbd>L</Kbd>).
        </Alert>
      )}
    </div>
  );
}
