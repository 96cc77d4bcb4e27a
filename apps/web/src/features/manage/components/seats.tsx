import { Progress, Stack, Text } from '@mantine/core';

/** How full something is — a class, the school's licences — as words and a bar: "24 of 30". */
export function Seats({ used, total, label }: { used: number; total: number; label?: string }) {
  const percent = total > 0 ? Math.min(100, (used / total) * 100) : 100;
  const isFull = used >= total;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={isFull ? 700 : 400}>
        {used} of {total}
        {label && ` ${label}`}
        {isFull && ' · full'}
      </Text>
      <Progress value={percent} color={isFull ? 'orange' : 'indigo'} size="sm" aria-hidden />
    </Stack>
  );
}
