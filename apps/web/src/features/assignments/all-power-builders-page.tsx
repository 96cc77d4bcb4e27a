import {
  AspectRatio,
  Button,
  Card,
  EmptyState,
  Group,
  Image,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { BuilderType, COLOUR_BANDS, type PassageSummary } from '@readalong/contracts';
import { useQuery } from '@tanstack/react-query';
import { IconBook2, IconClipboardPlus, IconListCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { bandOf, levelLabel } from '@/lib/levels';
import { useScopedHref, useScopedSearch } from '@/shared/school-scope/school-scope';
import { LoadError } from '@/components/load-error';
import { useSkillBuilders } from './api/assignments';
import { AssignmentDialog, type Assignable } from './components/assignment-form';

type LibraryPassage = z.infer<typeof PassageSummary>;
/** Bands that hold books (docs/rules.md L2: 1–2 and 21–26 have no Lexile range). */
const BOOK_BANDS = COLOUR_BANDS.filter((band) => band.min_lexile !== null);

/**
 * The library to assign from (the “Assignments” area, docs/rules.md C26, C39): the power builders of one colour band
 * or every skill builder (there are few), each with a preview exactly as a student sees it, recording nothing, and “Assign”.
 */
export function AllPowerBuildersPage() {
  // The shelf lives in the address, so coming back from a preview returns to it.
  const [search, setSearch] = useSearchParams();
  const band = search.get('band') ?? String(BOOK_BANDS[0]!.id);
  const kind = search.get('kind') === 'skill' ? 'skill' : 'books';
  const scopedSearch = useScopedSearch();
  const setShelf = (next: { band?: string; kind?: string }) =>
    setSearch(scopedSearch({ band, kind, ...next }), { replace: true });
  const [assigning, setAssigning] = useState<Assignable | null>(null);
  const books = useQuery({
    queryKey: ['passages', 'library', { type_id: BuilderType.PowerBuilder, colour_band_id: band }],
    queryFn: async () =>
      (
        await api('listPassages', {
          query: { type_id: BuilderType.PowerBuilder, colour_band_id: Number(band) },
        })
      ).passages,
    enabled: kind === 'books',
  });
  const skillBuilders = useSkillBuilders(kind === 'skill');
  const shelf = kind === 'books' ? books : skillBuilders;

  return (
    <Stack gap="lg">
      <SegmentedControl
        aria-label="What to assign"
        value={kind}
        onChange={(value) => setShelf({ kind: value })}
        data={[
          { value: 'books', label: 'Books' },
          { value: 'skill', label: 'Skill builders' },
        ]}
        maw={360}
      />
      {kind === 'books' && (
        <Select
          label="Colour band"
          data={BOOK_BANDS.map((option) => ({
            value: String(option.id),
            label: `${bandOf(option.id)!.label} (${option.min_lexile}–${option.max_lexile}L)`,
          }))}
          value={band}
          onChange={(value) => value && setShelf({ band: value })}
          allowDeselect={false}
          maw={320}
        />
      )}
      {shelf.isPending && <Loading label="Opening the library" />}
      {shelf.isError && (
        <LoadError
          title="The library could not be opened"
          error={shelf.error}
          retry={() => void shelf.refetch()}
        />
      )}
      {shelf.isSuccess && shelf.data.length === 0 && (
        <EmptyState icon={<IconBook2 aria-hidden />}>
          <EmptyState.Title order={2}>Nothing on this shelf</EmptyState.Title>
          <EmptyState.Description>
            {kind === 'books'
              ? 'No books at this colour band: choose another band.'
              : 'The library has no skill builders yet.'}
          </EmptyState.Description>
        </EmptyState>
      )}
      {shelf.isSuccess && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg">
          {shelf.data.map((passage) => (
            <LibraryCard key={passage.id} passage={passage} onAssign={() => setAssigning(passage)} />
          ))}
        </SimpleGrid>
      )}
      {assigning && <AssignmentDialog passage={assigning} onClose={() => setAssigning(null)} />}
    </Stack>
  );
}

/** A book or skill builder of the shelf: its cover, level, and what a teacher may do with it. */
function LibraryCard({ passage, onAssign }: { passage: LibraryPassage; onAssign: () => void }) {
  const isBook = passage.builder_type_id === BuilderType.PowerBuilder;
  const scoped = useScopedHref();
  return (
    <Card withBorder radius="lg" padding="md" component="article" aria-labelledby={`library-${passage.id}`}>
      <Card.Section>
        <AspectRatio ratio={4 / 3}>
          <Image src={passage.thumbnail_url} alt="" fit="cover" />
        </AspectRatio>
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flexGrow: 1 }}>
        <Title order={2} size="h4" id={`library-${passage.id}`}>
          {passage.title}
        </Title>
        <Text size="sm" c="dimmed">
          {levelLabel(passage.series_id, passage.colour_band_id)} · {passage.lexile}L · {passage.num_pages}{' '}
          pages
        </Text>
        <Group gap="xs" mt="auto">
          <Button
            onClick={onAssign}
            leftSection={<IconClipboardPlus size={18} aria-hidden />}
            aria-label={`Assign ${passage.title}`}
          >
            Assign
          </Button>
          {isBook && (
            <>
              <Button
                component={Link}
                to={scoped(paths.book.demoRead.getHref(passage.id))}
                variant="light"
                leftSection={<IconBook2 size={18} aria-hidden />}
                aria-label={`Preview ${passage.title}`}
              >
                Preview
              </Button>
              <Button
                component={Link}
                to={scoped(paths.book.demoQuiz.getHref(passage.id))}
                variant="default"
                leftSection={<IconListCheck size={18} aria-hidden />}
                aria-label={`Try the quiz of ${passage.title}`}
              >
                Try the quiz
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
