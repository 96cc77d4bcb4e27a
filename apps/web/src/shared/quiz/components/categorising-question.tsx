import { Paper, Stack, Text } from '@mantine/core';
import { ChoiceChips } from './choice-chips';
import type { PartsFieldProps } from './question-props';

/** Sort each item into one of the categories. */
export function CategorisingQuestion({ question, values, onPartChange, labelId }: PartsFieldProps) {
  return (
    <Stack gap="sm" role="group" aria-labelledby={labelId}>
      {question.sub_questions.map((item) => {
        const itemId = `${labelId}-item-${item.sub_question_num}`;
        return (
          <Paper key={item.sub_question_num} withBorder radius="lg" p="md">
            <Stack gap="xs">
              <Text size="lg" fw={600} id={itemId}>
                {item.prompt}
              </Text>
              <ChoiceChips
                options={item.options}
                value={values[item.sub_question_num] ?? ''}
                onChange={(category) => onPartChange(item.sub_question_num, category)}
                labelId={itemId}
              />
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
