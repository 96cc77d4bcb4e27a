import { EmptyState, Stack, Title } from '@mantine/core';
import { IconHeart } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usePassages } from './api/list-passages';
import { BookGrid, BookGridSkeleton } from './components/book-grid';
import { LoadError } from '@/components/load-error';
import { plural } from '@/lib/plural';

/** The student's favourite books (docs/rules.md C26): the books they marked with a heart. */
export function FavoritesPage() {
  const favourites = usePassages({ favourites: true });
  if (favourites.isPending) return <BookGridSkeleton />;
  if (favourites.isError) {
    return (
      <LoadError
        title="Your favourites could not be loaded"
        error={favourites.error}
        retry={() => void favourites.refetch()}
      />
    );
  }
  if (favourites.data.length === 0) {
    return (
      <EmptyState icon={<IconHeart aria-hidden />}>
        <EmptyState.Title order={2}>No favourites yet</EmptyState.Title>
        <EmptyState.Description>
          Tap the heart on a book in <Link to={paths.student.powerBuilders.getHref()}>Power builders</Link> to
          add it here, so you can find it again.
        </EmptyState.Description>
      </EmptyState>
    );
  }
  // The books' titles are third-level headings under this one, as in Power builders (X1: no level skipped).
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {plural(favourites.data.length, 'favourite book', 'favourite books')}
      </Title>
      <BookGrid books={favourites.data} />
    </Stack>
  );
}
