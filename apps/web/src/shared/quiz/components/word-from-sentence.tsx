import { Text } from '@mantine/core';
import { ChoiceChips } from './choice-chips';
import type { QuestionFieldProps } from './question-props';

/** Pick one word of a sentence: the sentence's words are the choices, in their order. */
export function WordFromSentence({ question, value, onChange, labelId }: QuestionFieldProps) {
  return (
    <>
      <Text size="sm" c="dimmed">
        Choose one word from the sentence.
      </Text>
      <ChoiceChips options={question.options} value={value} onChange={onChange} labelId={labelId} />
    </>
  );
}
