import { EmptyState, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBooks, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useUserDetails } from './api/get-user-details';
import { usePassages, type BookSummary } from './api/list-passages';
import { BookGrid, BookGridSkeleton } from './components/book-grid';
import { PlacementPrompt } from './components/level-card';
import { LoadError } from '@/components/load-error';

/** How long typing pauses before the list filters. */
export const SEARCH_DEBOUNCE_MS = 250;

/** The library (docs/rules.md C26): power builders at and around the student's level, their own band first. */
export function PowerBuildersPage() {
  const details = useUserDetails();
  const passages = usePassages();

  if (details.isPending || passages.isPending) return <BookGridSkeleton />;
  if (details.isError) {
    return (
      <LoadError
        title="Your level could not be loaded"
        error={details.error}
        retry={() => void details.refetch()}
      />
    );
  }
  if (details.data.colour_band_id === null) return <PlacementPrompt />;
  if (passages.isError) {
    return (
      <LoadError
        title="Your books could not be loaded"
        error={passages.error}
        retry={() => void passages.refetch()}
      />
    );
  }
  return <Library books={passages.data} bandId={details.data.colour_band_id} />;
}

function Library({ books, bandId }: { books: readonly BookSummary[]; bandId: number }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim().toLowerCase(), SEARCH_DEBOUNCE_MS);
  const shown = debounced ? books.filter((book) => book.title.toLowerCase().includes(debounced)) : books;
  const yourLevel = shown.filter((book) => book.colour_band_id === bandId);
  const alsoForYou = shown.filter((book) => book.colour_band_id !== bandId);

  return (
    <Stack gap="xl">
      <TextInput
        type="search"
        label="Search books"
        placeholder="Type a book title"
        size="lg"
        leftSection={<IconSearch aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={480}
      />
      {books.length === 0 ? (
        <EmptyState icon={<IconBooks aria-hidden />}>
          <EmptyState.Title order={2}>Your books are on their way</EmptyState.Title>
          <EmptyState.Description>
            Books for your level will appear here, ready to read.
          </EmptyState.Description>
        </EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState icon={<IconSearch aria-hidden />} role="status">
          <EmptyState.Title order={2}>No books found</EmptyState.Title>
          <EmptyState.Description>
            No book title has “{search.trim()}” in it. Try another word.
          </EmptyState.Description>
        </EmptyState>
      ) : (
        <>
          {yourLevel.length > 0 && <Shelf title="Your level" id="your-level" books={yourLevel} />}
          {alsoForYou.length > 0 && <Shelf title="Also for you" id="also-for-you" books={alsoForYou} />}
        </>
      )}
    </Stack>
  );
}

function Shelf({ title, id, books }: { title: string; id: string; books: readonly BookSummary[] }) {
  return (
    <Stack component="section" aria-labelledby={`${id}-heading`} gap="md">
      <Title order={2} size="h3" id={`${id}-heading`}>
        {title}
      </Title>
      <BookGrid books={books} />
    </Stack>
  );
}
