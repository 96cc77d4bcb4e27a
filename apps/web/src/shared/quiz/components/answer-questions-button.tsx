import { Button } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';

/** The way from a passage's last page to its questions. */
export function AnswerQuestionsButton({ onClick }: { onClick: () => void }) {
  return (
    <Button
      size="xl"
      radius="xl"
      color="green"
      fullWidth
      rightSection={<IconListCheck size={26} aria-hidden />}
      onClick={onClick}
    >
      Answer the questions
    </Button>
  );
}
