import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { PartsFieldProps } from './question-props';

/**
 * The tiles a formed word was built from, found again from the word: unused tiles that join to exactly that word
 * (tiles can overlap, "o" and "ol", so the search backs up rather than taking the first fit).
 */
export function tilesUsed(tiles: readonly string[], word: string, used: readonly number[] = []): number[] {
  if (word === '') return [...used];
  for (const [index, tile] of tiles.entries()) {
    if (used.includes(index) || !tile || !word.startsWith(tile)) continue;
    const found = tilesUsed(tiles, word.slice(tile.length), [...used, index]);
    if (found.length > 0) return found;
  }
  return [];
}

/** Form words: for each word, press its tiles in order to build it; Undo takes the last tile back. */
export function FormWordsQuestion({ question, values, onPartChange, labelId }: PartsFieldProps) {
  return (
    <Stack gap="lg" role="group" aria-labelledby={labelId}>
      {question.sub_questions.map((sub) => {
        const word = values[sub.sub_question_num] ?? '';
        const used = tilesUsed(sub.options, word);
        const wordId = `${labelId}-word-${sub.sub_question_num}`;
        const build = (indexes: number[]) =>
          onPartChange(sub.sub_question_num, indexes.map((index) => sub.options[index]).join(''));
        return (
          <Paper key={sub.sub_question_num} withBorder radius="lg" p="md">
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700} id={wordId}>
                  {sub.prompt}
                </Text>
                <Button
                  variant="subtle"
                  size="md"
                  leftSection={<IconArrowBackUp size={20} aria-hidden />}
                  disabled={used.length === 0}
                  onClick={() => build(used.slice(0, -1))}
                  aria-label={`Undo the last tile of ${sub.prompt}`}
                >
                  Undo
                </Button>
              </Group>
              <Text
                size="xl"
                fw={800}
                mih={40}
                px="md"
                py={4}
                bg="gray.0"
                style={{ borderRadius: 'var(--mantine-radius-md)', letterSpacing: 1 }}
                aria-live="polite"
              >
                {word || (
                  <Text span c="dimmed" fw={400}>
                    Press the tiles in order
                  </Text>
                )}
              </Text>
              <Group gap="xs" aria-labelledby={wordId} role="group">
                {sub.options.map((tile, index) => (
                  <Button
                    key={`${tile}-${index}`}
                    size="lg"
                    radius="md"
                    variant="light"
                    disabled={used.includes(index)}
                    onClick={() => build([...used, index])}
                  >
                    {tile}
                  </Button>
                ))}
              </Group>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
