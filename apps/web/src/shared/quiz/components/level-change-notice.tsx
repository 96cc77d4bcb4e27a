import { Card, ColorSwatch, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Response, contracts } from '@readalong/contracts';
import { IconMedal, IconStairsUp } from '@tabler/icons-react';
import { bandOf, levelLabel } from '@/lib/levels';

type LevelChange = NonNullable<Response<typeof contracts.submitDiagnostics>['level_change']>;

const MEDALS = {
  gold: { label: 'Gold medal', colour: '#d4a017', why: 'for an average of 95% or more' },
  silver: { label: 'Silver medal', colour: '#8a9199', why: 'for an average of 90% or more' },
  bronze: { label: 'Bronze medal', colour: '#b0703a', why: 'for passing five books' },
} as const;

/**
 * A move to another band after a quiz. Up is a celebration with its medal (docs/rules.md L4); down is said plainly
 * and kindly: the next books are a little easier.
 */
export function LevelChangeNotice({ change }: { change: LevelChange }) {
  const band = bandOf(change.colour_band_id);
  const where = levelLabel(change.series_id, change.colour_band_id);

  if (change.direction === 'down' || !change.medal) {
    return (
      <Card withBorder radius="lg" padding="lg">
        <Group wrap="nowrap" gap="md">
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
            <IconStairsUp size={28} />
          </ThemeIcon>
          <Text size="lg">
            Your next books are in the {where}. Practising there will help you move up again.
          </Text>
        </Group>
      </Card>
    );
  }

  const medal = MEDALS[change.medal];
  return (
    <Card
      withBorder
      radius="lg"
      padding="xl"
      shadow="md"
      style={{ borderColor: medal.colour, borderWidth: 3 }}
    >
      <Stack align="center" gap="sm" ta="center" role="status">
        <ThemeIcon size={112} radius={999} color={medal.colour} aria-hidden>
          <IconMedal size={72} />
        </ThemeIcon>
        <Title order={2}>You moved up a level!</Title>
        <Text size="xl" fw={700}>
          {medal.label}{' '}
          <Text span fw={400}>
            {medal.why}
          </Text>
        </Text>
        <Group gap="sm" wrap="nowrap">
          {band && <ColorSwatch color={band.colour} size={28} aria-hidden />}
          <Text size="lg">Your new level: {where}</Text>
        </Group>
      </Stack>
    </Card>
  );
}
