import { Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import { useState } from 'react';
import { paths } from '@/config/paths';
import type { BookPerformance } from '../api/get-book-performance';
import { BandChip } from './band-chip';
import { friendlyDay } from './dates';
import { ScoreBadge } from './score-badge';
import { WorkLink } from './work-row';

/** Book selection (docs/rules.md C19): pick one book of the range to see how it went. */
export function BookPicker({ books }: { books: readonly BookPerformance[] }) {
  const [chosenWorksheet, setChosenWorksheet] = useState<string | null>(null);
  const chosen = books.find((book) => String(book.worksheet_id) === chosenWorksheet);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="book-picker-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="book-picker-heading">
          Look back at a book
        </Title>
        {books.length === 0 ? (
          <Text size="lg">Books you finish in this time will be here to look back at.</Text>
        ) : (
          <>
            <Select
              label="Choose a book"
              placeholder="Pick one of your books"
              size="lg"
              maw={480}
              searchable
              data={books.map((book) => ({
                value: String(book.worksheet_id),
                label: book.completed_at ? `${book.title} (${friendlyDay(book.completed_at)})` : book.title,
              }))}
              value={chosenWorksheet}
              onChange={setChosenWorksheet}
              nothingFoundMessage="No book has that in its title"
            />
            {chosen && <BookResultDetails book={chosen} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function BookResultDetails({ book }: { book: BookPerformance }) {
  const facts = [
    { label: 'Lexile', value: `${book.lexile}L` },
    book.completed_at && { label: 'Finished', value: friendlyDay(book.completed_at) },
    book.wpm !== null && { label: 'Words a minute', value: String(Math.round(book.wpm)) },
    book.wcpm !== null && { label: 'Words right a minute', value: String(Math.round(book.wcpm)) },
    book.accuracy !== null && { label: 'Words read right', value: `${Math.round(book.accuracy)}%` },
  ].filter((fact) => !!fact);
  return (
    <Stack gap="md" aria-live="polite">
      <Group gap="sm">
        <Text size="xl" fw={800} style={{ overflowWrap: 'anywhere' }}>
          {book.title}
        </Text>
        <BandChip colourBandId={book.colour_band_id} />
        {book.score_percent !== null && <ScoreBadge scorePercent={book.score_percent} />}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3 }} component="dl" m={0}>
        {facts.map((fact) => (
          <div key={fact.label}>
            <Text component="dt" size="md" c="dimmed">
              {fact.label}
            </Text>
            <Text component="dd" size="xl" fw={700} m={0}>
              {fact.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <div>
        <WorkLink
          label="Read again"
          title={book.title}
          href={paths.book.read.getHref(book.passage_id)}
          icon={<IconBook2 aria-hidden />}
        />
      </div>
    </Stack>
  );
}
