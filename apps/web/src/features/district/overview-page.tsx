import {
  Anchor,
  Button,
  EmptyState,
  Group,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowsSort,
  IconBuildingCommunity,
  IconDownload,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueriesError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { paths, withSchoolScope } from '@/config/paths';
import { downloadCsv } from '@/shared/csv/download-csv';
import { daysOf, useDistrictOverview, type SchoolFigures, type Term } from './api/district-overview';

type SortKey = Exclude<keyof SchoolFigures, 'id' | 'seatsTotal'>;
interface Sort {
  key: SortKey;
  direction: 'ascending' | 'descending';
}

interface Column {
  key: SortKey;
  label: string;
}

/** The columns, in order, each with the period it counts over in its heading (STAFF-SCREENS §5). */
const columnsOf = (termDays: number): Column[] => [
  { key: 'name', label: 'School' },
  { key: 'students', label: 'Students' },
  { key: 'activeThisWeek', label: 'Active readers, last 7 days' },
  { key: 'booksRead', label: `Books read, last ${termDays} days` },
  { key: 'levelGain', label: `Bands gained per student, last ${termDays} days` },
  { key: 'recordingsWaiting', label: 'Recordings to review' },
  { key: 'seatsUsed', label: 'Licence seats used' },
];

const gain = (value: number | null) => (value === null ? '—' : `${value > 0 ? '+' : ''}${value.toFixed(2)}`);
const seats = (school: SchoolFigures) =>
  school.seatsTotal === 0
    ? `${school.seatsUsed} (no active pack)`
    : `${school.seatsUsed} of ${school.seatsTotal}`;

/** A school's row for the CSV, in the columns' order; numbers stay numbers for a spreadsheet. */
const csvRowOf = (school: SchoolFigures) => [
  school.name,
  school.students,
  school.activeThisWeek,
  school.booksRead,
  school.levelGain === null ? '' : Number(school.levelGain.toFixed(2)),
  school.recordingsWaiting,
  seats(school),
];

function sorted(rows: SchoolFigures[], { key, direction }: Sort) {
  const sign = direction === 'ascending' ? 1 : -1;
  const compare = (a: SchoolFigures, b: SchoolFigures) => {
    const [x, y] = [a[key], b[key]];
    if (x === y) return 0;
    if (x === null) return 1; // Schools without a figure go last either way.
    if (y === null) return -1;
    return sign * (typeof x === 'string' ? x.localeCompare(String(y)) : x - (y as number));
  };
  return [...rows].sort((a, b) => compare(a, b) || a.name.localeCompare(b.name));
}

/**
 * The district overview, the district's default child (docs/rules.md C44): one row per school of the department head's
 * district with its students, active readers this week, books read and level gain over the term, recordings waiting
 * for review and licence seats used, numbers beside bars, sortable, as CSV, each school a link into its insights and
 * its management screens.
 */
export function DistrictOverviewPage() {
  const { query, schools, term } = useDistrictOverview();
  if (query.isPending) return <Loading label="Counting each school’s reading" />;
  if (query.isError)
    return <QueriesError title="Your district’s schools could not be loaded" queries={[query]} />;
  if (schools.length === 0) {
    return (
      <EmptyState icon={<IconBuildingCommunity aria-hidden />}>
        <EmptyState.Title order={2}>No schools in your district yet</EmptyState.Title>
        <EmptyState.Description>
          Schools are added when your district is set up; ask your administrator to add them.
        </EmptyState.Description>
      </EmptyState>
    );
  }
  return <SchoolsTable schools={schools} term={term!} />;
}

function summaryOf(schools: SchoolFigures[], termDays: number) {
  const total = (pick: (school: SchoolFigures) => number) =>
    schools.reduce((sum, school) => sum + pick(school), 0);
  const students = total((school) => school.students);
  const active = total((school) => school.activeThisWeek);
  const waiting = total((school) => school.recordingsWaiting);
  return (
    `${schools.length} ${schools.length === 1 ? 'school' : 'schools'}, ${students} students: ${active} read in the ` +
    `last 7 days and ${total((school) => school.booksRead)} books were read in the last ${termDays} days; ` +
    `${waiting} ${waiting === 1 ? 'recording waits' : 'recordings wait'} for a teacher’s review.`
  );
}

function SchoolsTable({ schools, term }: { schools: SchoolFigures[]; term: Term }) {
  const [sort, setSort] = useState<Sort>({ key: 'name', direction: 'ascending' });
  const columns = columnsOf(daysOf(term));
  const most = (pick: (school: SchoolFigures) => number) => Math.max(1, ...schools.map(pick));
  const max = {
    students: most((school) => school.students),
    booksRead: most((school) => school.booksRead),
    recordingsWaiting: most((school) => school.recordingsWaiting),
  };
  const rows = sorted(schools, sort);
  // A phone has no room for seven columns (X5): a card per school, its figures named, sorted by a picker.
  const isPhone = useMediaQuery('(max-width: 47.99em)') ?? false;
  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="schools-heading">
        <Title order={2} size="h4" id="schools-heading" mb="xs">
          Your schools
        </Title>
        <Text size="lg" mb="md">
          {summaryOf(schools, daysOf(term))}
        </Text>
        {isPhone ? (
          <SchoolCards rows={rows} max={max} columns={columns} sort={sort} onSort={setSort} />
        ) : (
          <Table.ScrollContainer minWidth={880}>
            <Table verticalSpacing="sm" aria-labelledby="schools-heading">
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <SortHeader key={column.key} column={column} sort={sort} onSort={setSort} />
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((school) => (
                  <Table.Tr key={school.id}>
                    <Table.Th scope="row">
                      <SchoolLinks school={school} />
                    </Table.Th>
                    {figureCells(school, max).map((cell, index) => (
                      <Table.Td key={index}>{cell}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <Group justify="end">
        <Button
          variant="default"
          leftSection={<IconDownload aria-hidden size={18} />}
          onClick={() =>
            void downloadCsv(
              `district-schools-${term.start}-to-${term.end}.csv`,
              columns.map((column) => column.label),
              rows.map(csvRowOf),
            )
          }
        >
          Download schools (CSV)
        </Button>
      </Group>
    </Stack>
  );
}

type Maxima = Record<'students' | 'booksRead' | 'recordingsWaiting', number>;

/** A school's figures in the columns' order after the name, each a number beside its bar. */
function figureCells(school: SchoolFigures, max: Maxima) {
  return [
    <BarCell value={school.students} max={max.students} />,
    <BarCell
      value={school.activeThisWeek}
      max={Math.max(1, school.students)}
      text={`${school.activeThisWeek} of ${school.students}`}
    />,
    <BarCell value={school.booksRead} max={max.booksRead} />,
    gain(school.levelGain),
    <BarCell value={school.recordingsWaiting} max={max.recordingsWaiting} colour="orange.6" />,
    <BarCell
      value={school.seatsUsed}
      max={Math.max(1, school.seatsTotal, school.seatsUsed)}
      text={seats(school)}
    />,
  ];
}

/** The schools on a phone: one card each, every figure under its column's name. */
function SchoolCards({
  rows,
  max,
  columns,
  sort,
  onSort,
}: {
  rows: SchoolFigures[];
  max: Maxima;
  columns: Column[];
  sort: Sort;
  onSort: (sort: Sort) => void;
}) {
  return (
    <Stack gap="sm">
      <Select
        label="Sort by"
        data={columns.map((column) => ({ value: column.key, label: column.label }))}
        value={sort.key}
        onChange={(key) => key && onSort({ key, direction: key === 'name' ? 'ascending' : 'descending' })}
        allowDeselect={false}
      />
      {rows.map((school) => (
        <Paper key={school.id} withBorder radius="md" p="sm" component="article" aria-label={school.name}>
          <SchoolLinks school={school} />
          <SimpleGrid cols={2} spacing="sm" mt="xs">
            {figureCells(school, max).map((cell, index) => (
              <Stack key={columns[index + 1]!.key} gap={2}>
                <Text size="xs" c="dimmed">
                  {columns[index + 1]!.label}
                </Text>
                {typeof cell === 'string' ? <Text size="sm">{cell}</Text> : cell}
              </Stack>
            ))}
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}

/** The drill-down: the school's insights, and its management screens, with the school picked in the address. */
function SchoolLinks({ school }: { school: SchoolFigures }) {
  const id = String(school.id);
  return (
    <Stack gap={2}>
      <Anchor component={Link} to={withSchoolScope(paths.insights.getHref(), id)} fw={600}>
        {school.name}
      </Anchor>
      <Anchor
        component={Link}
        to={withSchoolScope(paths.manage.school.getHref(), id)}
        size="sm"
        aria-label={`Manage ${school.name}`}
      >
        Manage
      </Anchor>
    </Stack>
  );
}

function SortHeader({ column, sort, onSort }: { column: Column; sort: Sort; onSort: (sort: Sort) => void }) {
  const active = sort.key === column.key;
  const Icon = !active
    ? IconArrowsSort
    : sort.direction === 'ascending'
      ? IconSortAscending
      : IconSortDescending;
  // Names read A→Z first; figures highest first.
  const first = column.key === 'name' ? 'ascending' : 'descending';
  const next = active ? (sort.direction === 'ascending' ? 'descending' : 'ascending') : first;
  return (
    <Table.Th scope="col" aria-sort={active ? sort.direction : 'none'}>
      <UnstyledButton onClick={() => onSort({ key: column.key, direction: next })} fz="sm" fw={700}>
        {column.label} <Icon size={14} aria-hidden style={{ verticalAlign: 'middle' }} />
      </UnstyledButton>
    </Table.Th>
  );
}

/** A number beside a bar scaled to `max`, so a glance down the column compares the schools. */
function BarCell({
  value,
  max,
  text,
  colour = 'indigo.6',
}: {
  value: number;
  max: number;
  text?: string;
  colour?: string;
}) {
  return (
    <Stack gap={4} miw={96}>
      <Text size="sm">{text ?? value}</Text>
      <Progress value={Math.min(100, (value / max) * 100)} size="sm" color={colour} aria-hidden />
    </Stack>
  );
}
