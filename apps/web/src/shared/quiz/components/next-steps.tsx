import { Button, Group } from '@mantine/core';
import { IconBook2, IconBooks, IconHome, IconMicrophone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { NEXT_STEP_LABELS, nextStepOf, type BookProgress, type StepLinks } from '@/shared/passage/next-step';

interface NextStepsProps {
  /** The book the quiz is of, with the student's progress, and where its steps are done (C46). */
  book?: BookProgress;
  steps?: StepLinks;
}

/**
 * Where a student goes after a book's quiz (C46): what the book still needs first, as the filled button (the pages
 * left, or the recording the teacher waits for), then the next book, or home.
 */
export function NextSteps({ book, steps }: NextStepsProps) {
  // The quiz is in once its result shows: what is left is reading or the recording, else another book.
  const step = book && steps ? nextStepOf({ ...book, quiz_submitted: true }) : 'finished';
  const owed = step === 'read' || step === 'read-aloud' ? step : null;
  return (
    <Group justify="center" gap="md">
      {owed && steps && (
        <Button
          component={Link}
          to={steps[owed]}
          size="lg"
          radius="xl"
          color="green"
          leftSection={
            owed === 'read' ? <IconBook2 size={22} aria-hidden /> : <IconMicrophone size={22} aria-hidden />
          }
        >
          {NEXT_STEP_LABELS[owed]}
        </Button>
      )}
      <Button
        component={Link}
        to={paths.student.powerBuilders.getHref()}
        size="lg"
        radius="xl"
        variant={owed ? 'default' : 'filled'}
        leftSection={<IconBooks size={22} aria-hidden />}
      >
        Choose my next book
      </Button>
      <Button
        component={Link}
        to={paths.student.home.getHref()}
        size="lg"
        radius="xl"
        variant="default"
        leftSection={<IconHome size={22} aria-hidden />}
      >
        Go home
      </Button>
    </Group>
  );
}
