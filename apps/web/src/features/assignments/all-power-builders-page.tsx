import {
  AspectRatio,
  Button,
  Card,
  Group,
  Image,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { COLOUR_BANDS } from '@readalong/contracts';
import { useQuery } from '@tanstack/react-query';
import { IconBook2, IconListCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { bandOf, levelLabel } from '@/lib/levels';
import { LoadError } from '@/components/load-error';

const POWER_BUILDER = 2;
/** Bands that hold books (docs/rules.md L2: 1–2 and 21–26 have no Lexile range). */
const BOOK_BANDS = COLOUR_BANDS.filter((band) => band.min_lexile !== null);

/**
 * The library to assign from (the “Assignments” area, docs/rules.md C26): the power builders of one colour band, each with a
 * preview of the book and its quiz exactly as a student sees them, recording nothing.
 */
export function AllPowerBuildersPage() {
  // The band lives in the address, so coming back from a preview returns to the same shelf.
  const [search, setSearch] = useSearchParams();
  const band = search.get('band') ?? String(BOOK_BANDS[0]!.id);
  const setBand = (value: string) => setSearch({ band: value }, { replace: true });
  const books = useQuery({
    queryKey: ['passages', 'library', { type_id: POWER_BUILDER, colour_band_id: band }],
    queryFn: () => api('listPassages', { query: { type_id: POWER_BUILDER, colour_band_id: Number(band) } }),
  });

  return (
    <Stack gap="lg">
      <Select
        label="Colour band"
        data={BOOK_BANDS.map((option) => ({
          value: String(option.id),
          label: `${bandOf(option.id)!.label} (${option.min_lexile}–${option.max_lexile}L)`,
        }))}
        value={band}
        onChange={(value) => value && setBand(value)}
        allowDeselect={false}
        maw={320}
      />
      {books.isPending && <Loading label="Opening the library" />}
      {books.isError && (
        <LoadError
          title="The library could not be opened"
          error={books.error}
          retry={() => void books.refetch()}
        />
      )}
      {books.isSuccess && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg">
          {books.data.passages.map((book) => (
            <Card
              key={book.id}
              withBorder
              radius="lg"
              padding="md"
              component="article"
              aria-labelledby={`library-${book.id}`}
            >
              <Card.Section>
                <AspectRatio ratio={4 / 3}>
                  <Image src={book.thumbnail_url} alt="" fit="cover" />
                </AspectRatio>
              </Card.Section>
              <Stack gap="xs" mt="md" style={{ flexGrow: 1 }}>
                <Title order={2} size="h4" id={`library-${book.id}`}>
                  {book.title}
                </Title>
                <Text size="sm" c="dimmed">
                  {levelLabel(book.series_id, book.colour_band_id)} · {book.lexile}L · {book.num_pages} pages
                </Text>
                <Group gap="xs" mt="auto">
                  <Button
                    component={Link}
                    to={paths.book.demoRead.getHref(book.id)}
                    variant="light"
                    leftSection={<IconBook2 size={18} aria-hidden />}
                    aria-label={`Preview ${book.title}`}
                  >
                    Preview
                  </Button>
                  <Button
                    component={Link}
                    to={paths.book.demoQuiz.getHref(book.id)}
                    variant="default"
                    leftSection={<IconListCheck size={18} aria-hidden />}
                    aria-label={`Try the quiz of ${book.title}`}
                  >
                    Try the quiz
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
