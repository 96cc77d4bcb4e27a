import { Chip, Group } from '@mantine/core';

interface ChoiceChipsProps {
  options: readonly string[];
  value: string;
  onChange: (value: string) => void;
  labelId: string;
}

/** A single choice among short words, as large chips that wrap; arrow keys move between them. */
export function ChoiceChips({ options, value, onChange, labelId }: ChoiceChipsProps) {
  return (
    <Chip.Group multiple={false} value={value || null} onChange={(next) => onChange(next ?? '')}>
      <Group gap="xs" role="radiogroup" aria-labelledby={labelId}>
        {options.map((option, index) => (
          // A word can appear twice in a sentence; each chip is its own choice.
          <Chip key={`${option}-${index}`} value={option} size="lg" radius="xl" variant="outline">
            {option}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
