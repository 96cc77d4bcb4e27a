import { Textarea, TextInput } from '@mantine/core';
import type { QuestionFieldProps } from './question-props';

/** A short typed answer, marked against the accepted answers. */
export function ShortAnswer({ value, onChange, labelId }: QuestionFieldProps) {
  return (
    <TextInput
      size="xl"
      radius="lg"
      aria-labelledby={labelId}
      placeholder="Type your answer"
      value={value}
      maxLength={200}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/** An answer in the student's own words, marked by their teacher. */
export function OpenEndedAnswer({ value, onChange, labelId }: QuestionFieldProps) {
  return (
    <Textarea
      size="xl"
      radius="lg"
      aria-labelledby={labelId}
      description="Write a few sentences. Your teacher will read and mark it."
      placeholder="Write your answer"
      rows={4}
      maxLength={2000}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
