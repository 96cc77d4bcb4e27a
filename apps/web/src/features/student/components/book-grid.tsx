import { SimpleGrid, Skeleton } from '@mantine/core';
import type { BookSummary } from '../api/list-passages';
import { BookCard } from './book-card';

/** Books as large cards: one column on a phone, two on a tablet, three or four on a wide screen. */
export function BookGrid({ books }: { books: readonly BookSummary[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="lg">
      {books.map((book) => (
        <BookCard key={book.id} book={book} />
      ))}
    </SimpleGrid>
  );
}

/** Stands in for the books while they load. */
export function BookGridSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="lg" aria-label="Loading your books">
      <Skeleton height={320} radius="lg" />
      <Skeleton height={320} radius="lg" />
      <Skeleton height={320} radius="lg" />
    </SimpleGrid>
  );
}
