import { ActionIcon, AspectRatio, Badge, Button, Card, Group, Image, Stack, Title } from '@mantine/core';
import { IconBook2, IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useFavouritePassage } from '../api/favourite-passage';
import type { BookSummary } from '../api/list-passages';
import { BandChip } from './band-chip';
import { isFinished, progressLabel } from './book-progress';

/** One book in a grid: cover, title, band, progress, a way to read it and the favourite heart. */
export function BookCard({ book }: { book: BookSummary }) {
  const finished = isFinished(book);
  return (
    <Card withBorder radius="lg" padding="md" component="article" aria-labelledby={`book-${book.id}-title`}>
      <Card.Section>
        <AspectRatio ratio={4 / 3}>
          <Image src={book.thumbnail_url} alt={`Cover of ${book.title}`} fit="cover" />
        </AspectRatio>
      </Card.Section>
      <Stack gap="sm" mt="md" style={{ flexGrow: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} size="h4" id={`book-${book.id}-title`} style={{ overflowWrap: 'anywhere' }}>
            {book.title}
          </Title>
          <FavouriteButton book={book} />
        </Group>
        <Group gap="xs">
          <BandChip colourBandId={book.colour_band_id} />
          <Badge
            tt="none"
            size="lg"
            radius="sm"
            variant={finished ? 'filled' : 'light'}
            color={finished ? 'green' : 'blue'}
          >
            {progressLabel(book)}
          </Badge>
        </Group>
        <Button
          component={Link}
          to={paths.book.read.getHref(book.id)}
          size="lg"
          mt="auto"
          fullWidth
          leftSection={<IconBook2 aria-hidden />}
          aria-label={`Read ${book.title}`}
        >
          Read
        </Button>
      </Stack>
    </Card>
  );
}

/** The heart: pressed when the book is a favourite; the change shows at once (lists refresh behind it). */
export function FavouriteButton({ book }: { book: BookSummary }) {
  const favourite = useFavouritePassage();
  const pressed = book.is_favourited;
  return (
    <ActionIcon
      size={48}
      radius="xl"
      variant={pressed ? 'light' : 'subtle'}
      color="red.9"
      aria-pressed={pressed}
      aria-label={pressed ? `Remove ${book.title} from favourites` : `Add ${book.title} to favourites`}
      onClick={() => favourite.mutate({ passageId: book.id, favourite: !pressed })}
    >
      {pressed ? <IconHeartFilled size={28} aria-hidden /> : <IconHeart size={28} aria-hidden />}
    </ActionIcon>
  );
}
