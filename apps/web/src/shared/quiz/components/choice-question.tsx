import { Group, Radio, Stack, Text } from '@mantine/core';
import type { QuestionFieldProps } from './question-props';

/** Multiple choice, and "which one does not belong": one big card per option, arrow keys move between them. */
export function ChoiceQuestion({ question, value, onChange, labelId }: QuestionFieldProps) {
  return (
    <Radio.Group value={value || null} onChange={onChange} aria-labelledby={labelId}>
      <Stack gap="sm">
        {question.options.map((option) => (
          <Radio.Card key={option} value={option} radius="lg" p="md" withBorder>
            <Group wrap="nowrap" gap="md">
              <Radio.Indicator size="md" />
              <Text size="xl">{option}</Text>
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}
