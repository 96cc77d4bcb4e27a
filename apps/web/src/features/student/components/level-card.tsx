import { SERIES } from '@readalong/contracts';
import { Button, ColorSwatch, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCompass } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { bandOf } from '@/lib/levels';

export interface StudentLevel {
  colour_band_id: number | null;
  series_id: number | null;
}

/** The student's reading level: colour band (name and swatch) and series, or the way to the placement test. */
export function LevelCard({ level }: { level: StudentLevel }) {
  const band = bandOf(level.colour_band_id);
  if (!band) return <PlacementPrompt />;
  const series = SERIES.find((candidate) => candidate.id === level.series_id);
  return (
    <Paper withBorder radius="lg" p="lg" aria-labelledby="level-heading" component="section">
      <Stack gap="sm">
        <Title order={2} size="h4" id="level-heading">
          Your level
        </Title>
        <Group gap="md" wrap="nowrap">
          {/* The name says the colour; the swatch is for those who read by colour. A border keeps white visible. */}
          <ColorSwatch
            color={band.colour}
            size={56}
            aria-hidden
            style={{ border: '2px solid var(--mantine-color-gray-4)', flexShrink: 0 }}
          />
          <Stack gap={0}>
            <Text size="xl" fw={800}>
              {band.label}
            </Text>
            {series && <Text size="lg">Series {series.name}</Text>}
          </Stack>
        </Group>
      </Stack>
    </Paper>
  );
}

/** For a student without a band: the placement test finds their level first. */
export function PlacementPrompt() {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="placement-heading">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="placement-heading">
          Take your placement test
        </Title>
        <Text size="lg">A short test finds the books that fit you best. Then your level shows here.</Text>
        <Button
          component={Link}
          to={paths.placement.getHref()}
          size="lg"
          leftSection={<IconCompass aria-hidden />}
        >
          Start the placement test
        </Button>
      </Stack>
    </Paper>
  );
}

/** Stands in for the level and coins while they load. */
export function LevelCardSkeleton() {
  return <Skeleton height={132} radius="lg" role="status" aria-label="Loading your level" />;
}
