import { ActionIcon, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { ANSWER_SEPARATOR } from '@readalong/contracts';
import { useState } from 'react';
import type { QuestionFieldProps } from './question-props';

/** Put events in order: each item moves up or down with its buttons; the new place is announced. */
export function SequencingQuestion({ question, value, onChange, labelId }: QuestionFieldProps) {
  const order = value ? value.split(ANSWER_SEPARATOR) : question.options;
  const [announcement, setAnnouncement] = useState('');

  const move = (from: number, to: number) => {
    const next = [...order];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next.join(ANSWER_SEPARATOR));
    setAnnouncement(`“${item}” is now number ${to + 1} of ${next.length}.`);
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Use the arrows to put them in order, first at the top.
      </Text>
      <Stack gap="xs" component="ol" aria-labelledby={labelId} p={0} m={0} style={{ listStyle: 'none' }}>
        {order.map((item, index) => (
          <Paper key={item} component="li" withBorder radius="lg" p="sm">
            <Group wrap="nowrap" gap="md">
              <Text fw={800} size="xl" c="blue.8" w={28} ta="center" aria-hidden>
                {index + 1}
              </Text>
              <Text size="lg" style={{ flex: 1 }}>
                {item}
              </Text>
              <Stack gap={4}>
                <ActionIcon
                  size="xl"
                  variant="light"
                  radius="xl"
                  aria-label={`Move “${item}” up`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <IconArrowUp aria-hidden />
                </ActionIcon>
                <ActionIcon
                  size="xl"
                  variant="light"
                  radius="xl"
                  aria-label={`Move “${item}” down`}
                  disabled={index === order.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <IconArrowDown aria-hidden />
                </ActionIcon>
              </Stack>
            </Group>
          </Paper>
        ))}
      </Stack>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
    </Stack>
  );
}
