import { levelLabel } from '@readalong/contracts';
import {
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  type MantineBreakpoint,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Loaded } from '@/components/loaded';
import { downloadCsv } from '@/shared/csv/download-csv';
import { READING_PAGE_SIZE, useReadingOverview, type OverviewSort, type ReadingRow } from '../api/insights';
import { Pager, rangeOf } from '../components/pager';
import { SortHeader } from '../components/sort-header';
import type { InsightsAddress } from '../insights-address';
import { orDash } from '../insights-format';

/** How long typing pauses before the search goes into the address (and to the server). */
const SEARCH_PAUSE_MS = 300;

/**
 * The columns, their CSV cells, which sort the list (IN8's sorts) and from which width each shows: on a phone the
 * name, books and minutes, so the table fits 360 px without scrolling (X5).
 */
const COLUMNS: {
  label: string;
  cell: (student: ReadingRow) => string | number;
  sort?: OverviewSort;
  from?: MantineBreakpoint;
}[] = [
  { label: 'Student', cell: (student) => student.name, sort: 'name' },
  { label: 'Username', cell: (student) => student.username, from: 'lg' },
  { label: 'Level', cell: (student) => levelLabel(student.series, student.colour_band_id), from: 'lg' },
  { label: 'Books', cell: (student) => student.books_completed, sort: 'books_completed' },
  { label: 'Minutes', cell: (student) => Math.round(student.minutes_reading), sort: 'minutes_reading' },
  {
    label: 'Quiz average',
    cell: (student) => orDash(student.average_score_percent, '%'),
    sort: 'average_score_percent',
    from: 'sm',
  },
  { label: 'WPM', cell: (student) => orDash(student.latest_wpm), from: 'lg' },
  { label: 'WCPM', cell: (student) => orDash(student.latest_wcpm), from: 'sm' },
  { label: 'Lexile', cell: (student) => student.lexile ?? '—', from: 'lg' },
];

/**
 * The reading overview (IN8): the students of the scope (or of the class picked) with their reading over the period,
 * 50 a page, searched by name and sorted by a column; search, sort and page are kept in the address.
 */
export function StudentsSection({ address }: { address: InsightsAddress }) {
  const { filter, overview, period } = address;
  const students = useReadingOverview(filter, overview);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="overview-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="overview-heading">
          Reading of each student, {period}
        </Title>
        <SearchBox address={address} />
        <Loaded
          query={students}
          loadingLabel="Loading the students"
          errorTitle="The students could not be loaded"
        >
          {(data) => {
            const shown = rangeOf(data.page, READING_PAGE_SIZE, data.students.length, data.total);
            const rows = data.students.map((student) => COLUMNS.map((column) => column.cell(student)));
            return (
              <Stack gap="md">
                <Text size="sm" c="dimmed" aria-live="polite">
                  {data.total === 0
                    ? overview.search
                      ? `No student matches “${overview.search}”.`
                      : 'No students here yet.'
                    : `Students ${shown}`}
                </Text>
                {data.total > 0 && (
                  <ReadingTable address={address} rows={rows} caption={`Students ${shown}, ${period}`} />
                )}
                <Group justify="space-between" wrap="wrap">
                  <Pager
                    label="Pages of students"
                    page={data.page}
                    pages={Math.ceil(data.total / READING_PAGE_SIZE)}
                    onChange={(page) => address.update({ page: page === 0 ? null : String(page + 1) })}
                  />
                  {data.total > 0 && (
                    <Button
                      variant="default"
                      leftSection={<IconDownload aria-hidden size={18} />}
                      onClick={() =>
                        void downloadCsv(
                          `students-${filter.start}-to-${filter.end}-page-${data.page + 1}.csv`,
                          COLUMNS.map((column) => column.label),
                          rows,
                        )
                      }
                    >
                      Download these students (CSV)
                    </Button>
                  )}
                </Group>
              </Stack>
            );
          }}
        </Loaded>
      </Stack>
    </Paper>
  );
}

/** The search box: what is typed goes into the address once typing pauses, replacing the entry rather than adding one. */
function SearchBox({ address }: { address: InsightsAddress }) {
  const [typed, setTyped] = useState(address.overview.search);
  const send = useDebouncedCallback(
    (search: string) => address.update({ search: search.trim() }, { replace: true }),
    SEARCH_PAUSE_MS,
  );
  return (
    <TextInput
      label="Find a student"
      description="Part of a name or username"
      leftSection={<IconSearch size={18} aria-hidden />}
      value={typed}
      onChange={(event) => {
        setTyped(event.currentTarget.value);
        send(event.currentTarget.value);
      }}
      w={{ base: '100%', sm: 320 }}
    />
  );
}

function ReadingTable({
  address,
  rows,
  caption,
}: {
  address: InsightsAddress;
  rows: (string | number)[][];
  caption: string;
}) {
  const { sort, order } = address.overview;
  return (
    <Table className="fit-phone" verticalSpacing="sm" horizontalSpacing={8} striped>
      <Table.Caption>{caption}; select a heading to sort.</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {COLUMNS.map((column) =>
            column.sort ? (
              <SortHeader
                key={column.label}
                column={column.sort}
                label={column.label}
                sort={{ key: sort, order }}
                onSort={(next) => address.update({ sort: next.key, order: next.order })}
                firstOrder={column.sort === 'name' ? 'asc' : 'desc'}
                visibleFrom={column.from}
                // On a phone the names get the room they need beside two figures (X5).
                w={column.sort === 'name' ? { base: '40%', sm: 'auto' } : undefined}
              />
            ) : (
              <Table.Th key={column.label} scope="col" visibleFrom={column.from}>
                {column.label}
              </Table.Th>
            ),
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => (
          <Table.Tr key={index}>
            {row.map((cell, column) =>
              column === 0 ? (
                <Table.Th key={column} scope="row" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {cell}
                </Table.Th>
              ) : (
                <Table.Td key={column} visibleFrom={COLUMNS[column]!.from}>
                  {cell}
                </Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
