import { ColorSwatch, Group, Text } from '@mantine/core';
import { bandOf } from '@/lib/levels';

/** A colour band as a small chip: the swatch for those who read by colour, the name for everyone. */
export function BandChip({ colourBandId }: { colourBandId: number }) {
  const band = bandOf(colourBandId);
  if (!band) return null;
  return (
    <Group
      gap={6}
      wrap="nowrap"
      px="sm"
      py={4}
      style={{
        border: '1px solid var(--mantine-color-gray-4)',
        borderRadius: 'var(--mantine-radius-xl)',
        width: 'fit-content',
      }}
    >
      <ColorSwatch
        color={band.colour}
        size={16}
        aria-hidden
        style={{ border: '1px solid var(--mantine-color-gray-5)', flexShrink: 0 }}
      />
      <Text size="sm" fw={600}>
        {band.label}
      </Text>
    </Group>
  );
}
