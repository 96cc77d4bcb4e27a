import { Button, Group, NumberInput, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { fieldErrorsOf } from '@/lib/api-client';
import type { ReadingGoal } from '../api/goal-settings';

type Target = 'target_lexile' | 'target_wpm' | 'target_wcpm';

const TARGETS: { key: Target; label: string; max: number; description: string }[] = [
  { key: 'target_lexile', label: 'Lexile', max: 2000, description: 'e.g. 650' },
  { key: 'target_wpm', label: 'WPM', max: 400, description: 'words a minute' },
  { key: 'target_wcpm', label: 'WCPM', max: 400, description: 'words correct a minute' },
];

type Draft = Record<Target, number | string> & { target_date: string };

const draftOf = (goal: ReadingGoal | null): Draft => ({
  target_lexile: goal?.target_lexile ?? '',
  target_wpm: goal?.target_wpm ?? '',
  target_wcpm: goal?.target_wcpm ?? '',
  target_date: goal?.target_date ?? '',
});

const numberOrNull = (value: number | string) => (value === '' ? null : Number(value));

const goalOf = (draft: Draft): ReadingGoal => ({
  target_lexile: numberOrNull(draft.target_lexile),
  target_wpm: numberOrNull(draft.target_wpm),
  target_wcpm: numberOrNull(draft.target_wcpm),
  target_date: draft.target_date === '' ? null : draft.target_date,
});

/**
 * A reading goal's fields: any of the three targets and a date (docs/rules.md G1). The server's errors show on the
 * field they name (`errorPrefix` is where the goal sits in the request body); its rule that one target at least is
 * set shows under the fields.
 */
export function GoalForm({
  goal,
  errorPrefix,
  error,
  pending,
  onSave,
  clearLabel,
  idPrefix,
}: {
  goal: ReadingGoal | null;
  errorPrefix: string;
  error: Error | null;
  pending: boolean;
  onSave: (goal: ReadingGoal | null) => void;
  /** The button that clears the goal (shown when there is one). */
  clearLabel: string;
  idPrefix: string;
}) {
  const [draft, setDraft] = useState(() => draftOf(goal));
  const fields = error ? fieldErrorsOf(error) : {};
  const onField = (key: keyof Draft) => fields[`${errorPrefix}.${key}`];
  // The goal as a whole (no target set), or a failure that names no field.
  const whole = fields[errorPrefix] ?? (error && Object.keys(fields).length === 0 ? error.message : null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSave(goalOf(draft));
      }}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        {TARGETS.map(({ key, label, max, description }) => (
          <NumberInput
            key={key}
            id={`${idPrefix}-${key}`}
            label={label}
            description={description}
            min={1}
            max={max}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            value={draft[key]}
            onChange={(value) => setDraft((d) => ({ ...d, [key]: value }))}
            error={onField(key)}
          />
        ))}
        <TextInput
          id={`${idPrefix}-target_date`}
          type="date"
          label="By"
          description="optional"
          value={draft.target_date}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setDraft((d) => ({ ...d, target_date: value }));
          }}
          error={onField('target_date')}
        />
      </SimpleGrid>
      {whole && (
        <Text c="red.9" size="sm" mt="xs" role="alert">
          {whole}
        </Text>
      )}
      <Group gap="sm" mt="sm">
        <Button type="submit" loading={pending}>
          Save goal
        </Button>
        {goal && (
          <Button
            variant="default"
            disabled={pending}
            onClick={() => {
              setDraft(draftOf(null));
              onSave(null);
            }}
          >
            {clearLabel}
          </Button>
        )}
      </Group>
    </form>
  );
}
