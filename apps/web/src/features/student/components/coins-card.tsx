import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';

/** The coins the student has earned by reading. */
export function CoinsCard({ coins }: { coins: number }) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="coins-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="coins-heading">
          Your coins
        </Title>
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={56} radius="xl" color="yellow.3" c="dark.8" aria-hidden>
            <IconCoins size={32} />
          </ThemeIcon>
          <Text size="xl" fw={800}>
            {coins} {coins === 1 ? 'coin' : 'coins'}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
