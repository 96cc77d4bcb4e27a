import { AspectRatio, Button, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import { libraryBookSteps, NEXT_STEP_LABELS, nextStepOf } from '@/shared/passage/next-step';
import type { BookSummary } from '../api/list-passages';
import { BandChip } from './band-chip';
import { progressLabel } from './book-progress';

/** The one book to read next, shown large with a single clear way in. */
export function NextBookCard({ book }: { book: BookSummary }) {
  // C46: its one way in is the book's next step: reading, the quiz or the recording for the teacher.
  const step = nextStepOf(book);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="next-book-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="next-book-heading">
          Your next book
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <AspectRatio ratio={4 / 3}>
            <Image src={book.thumbnail_url} alt={`Cover of ${book.title}`} radius="md" fit="cover" />
          </AspectRatio>
          <Stack gap="md" justify="center" align="flex-start">
            <Text size="xl" fw={800} component="p" style={{ fontSize: '1.75rem', overflowWrap: 'anywhere' }}>
              {book.title}
            </Text>
            <Text size="lg">by {book.author}</Text>
            <Group gap="xs">
              <BandChip colourBandId={book.colour_band_id} />
              <Text size="md" fw={600}>
                {progressLabel(book)}
              </Text>
            </Group>
            <Button
              component={Link}
              to={libraryBookSteps(book.id)[step]}
              size="xl"
              leftSection={<IconPlayerPlay aria-hidden />}
            >
              {step === 'read' ? 'Start reading' : NEXT_STEP_LABELS[step]}
            </Button>
          </Stack>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
