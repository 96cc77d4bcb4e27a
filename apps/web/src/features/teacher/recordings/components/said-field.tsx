import { Button, Group, Paper, TextInput } from '@mantine/core';
import { MistakeType } from '@readalong/contracts';
import { useState } from 'react';
import type { SaidQuestion } from './word-marking';

/**
 * Asks, after a substitution or an insertion, what the child said: optional, Enter notes it and Escape skips, and
 * either way the focus goes back to the word.
 */
export function SaidField({
  question,
  word,
  onAnswer,
}: {
  question: SaidQuestion;
  /** The word marked (a substitution) or the word the insertion comes before. */
  word: string;
  onAnswer: (said: string) => void;
}) {
  const [said, setSaid] = useState('');
  const label =
    question.type === MistakeType.Substitution
      ? `What was read instead of “${word}”?`
      : `What word was added before “${word}”?`;
  return (
    <Paper withBorder radius="md" p="sm" mt="xs" bg="grape.0">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onAnswer(said);
        }}
      >
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            label={label}
            description="Optional. Enter notes it, Escape skips."
            value={said}
            maxLength={100}
            onChange={(event) => setSaid(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') onAnswer('');
            }}
            // The field appears because the teacher just marked a word: typing goes straight into it.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            style={{ flex: '1 1 14rem' }}
          />
          <Button type="submit" size="sm">
            Note it
          </Button>
          <Button variant="subtle" size="sm" onClick={() => onAnswer('')}>
            Skip
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
