import { Alert, Box, Button, ColorSwatch, Group, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { stringify } from 'csv-stringify/browser/esm/sync';
import { saveFile } from '@/lib/save-file';
import type { RosterImport } from '../api/roster-import';
import { formatCount } from './import-progress';
import { Seats } from './seats';

type Changes = NonNullable<RosterImport['changes']>;
type Problem = RosterImport['problems'][number];

const KINDS = [
  { key: 'students', label: 'Students' },
  { key: 'teachers', label: 'Teachers' },
  { key: 'classes', label: 'Classes' },
  { key: 'enrolments', label: 'Enrolments' },
] as const satisfies readonly { key: keyof Changes; label: string }[];

/** Each part of a bar has a colour and a column with the same swatch, so the bar is read with its numbers. */
const PARTS = [
  { key: 'created', label: 'New', colour: 'teal.6' },
  { key: 'updated', label: 'Updated', colour: 'indigo.6' },
  { key: 'unchanged', label: 'Unchanged', colour: 'gray.4' },
] as const;

const totalOf = (change: Changes[keyof Changes]) => change.created + change.updated + change.unchanged;

/** True when committing would write nothing: a file already imported, or one that matches the school. */
export const changesNothing = (changes: Changes) =>
  KINDS.every(({ key }) => changes[key].created === 0 && changes[key].updated === 0);

/**
 * What a commit does (or did) per kind of record: the numbers in columns, and beside them one bar per kind on a
 * shared scale, split into new, updated and unchanged (docs/rules.md C33).
 */
export function ChangesTable({ changes, caption }: { changes: Changes; caption: string }) {
  const largest = Math.max(1, ...KINDS.map(({ key }) => totalOf(changes[key])));
  return (
    <Paper withBorder radius="lg" p={{ base: 4, sm: 'md' }}>
      <Table verticalSpacing="sm" horizontalSpacing={8} className="fit-phone">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={{ base: '100%', sm: '46%' }}>Records</Table.Th>
            {PARTS.map((part) => (
              <Table.Th key={part.key} visibleFrom="sm">
                <Group gap={6} wrap="nowrap">
                  <ColorSwatch
                    color={`var(--mantine-color-${part.colour.replace('.', '-')})`}
                    size={12}
                    aria-hidden
                  />
                  {part.label}
                </Group>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {KINDS.map(({ key, label }) => (
            <Table.Tr key={key}>
              <Table.Th scope="row" fw={600}>
                {label}
                <Progress.Root size="md" mt={6} w={`${(totalOf(changes[key]) / largest) * 100}%`} aria-hidden>
                  {PARTS.map((part) => (
                    <Progress.Section
                      key={part.key}
                      value={
                        totalOf(changes[key]) ? (changes[key][part.key] / totalOf(changes[key])) * 100 : 0
                      }
                      color={part.colour}
                    />
                  ))}
                </Progress.Root>
                {/* X5: on a phone the numbers go under the bar, in words, instead of three narrow columns. */}
                <Text size="sm" fw={400} mt={4} hiddenFrom="sm">
                  {PARTS.map(
                    (part) => `${formatCount(changes[key][part.key])} ${part.label.toLowerCase()}`,
                  ).join(' · ')}
                </Text>
              </Table.Th>
              {PARTS.map((part) => (
                <Table.Td key={part.key} visibleFrom="sm">
                  {formatCount(changes[key][part.key])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** The licence seats the new students take (LP3): a bar of the free seats, or the refusal the commit would meet. */
export function SeatsNeeded({ seats }: { seats: NonNullable<RosterImport['seats']> }) {
  if (seats.needed === 0) return <Text>No new student, so no licence seat is taken.</Text>;
  if (seats.free === null)
    return (
      <Alert color="red" variant="light" title="The school has no licence pack">
        {`This file adds ${formatCount(seats.needed)} students; students can only be added once the school has a licence pack.`}
      </Alert>
    );
  if (seats.needed > seats.free)
    return (
      <Alert color="red" variant="light" title="Not enough licence seats">
        {`${formatCount(seats.free)} seats left, ${formatCount(seats.needed)} students to add. Buy more seats or leave students out of the file.`}
      </Alert>
    );
  return (
    <Paper withBorder radius="md" p="md" maw={480}>
      <Seats used={seats.needed} total={seats.free} label="free licence seats taken by the new students" />
    </Paper>
  );
}

/** Whether the seats allow the commit: the server refuses it past the free seats (LP3). */
export const hasSeatsFor = (seats: RosterImport['seats']) =>
  !seats || seats.needed === 0 || (seats.free !== null && seats.needed <= seats.free);

const whereIs = (problem: Problem) =>
  [
    problem.file,
    problem.row === 0 ? 'whole file' : `row ${problem.row}`,
    problem.column && `column ${problem.column}`,
  ]
    .filter(Boolean)
    .join(', ');

/**
 * Every problem the dry run found (the first 500 of them), each with its file, row and column, in a box that
 * scrolls by itself so the buttons stay in reach; on a phone the place goes in one column (X5).
 */
export function ProblemsTable({ job }: { job: RosterImport }) {
  const isCut = job.problem_count > job.problems.length;
  const caption = isCut
    ? `The first ${formatCount(job.problems.length)} of ${formatCount(job.problem_count)} problems`
    : job.problem_count === 1
      ? '1 problem'
      : `${formatCount(job.problem_count)} problems`;
  return (
    <Stack gap="sm">
      <Paper withBorder radius="lg" p={{ base: 4, sm: 'md' }}>
        {/* Focusable, so a keyboard can scroll it (WCAG 2.1.1). */}
        <Box
          role="region"
          aria-label="Problems in the file"
          tabIndex={0}
          mah={480}
          style={{ overflowY: 'auto' }}
        >
          <Table verticalSpacing="xs" horizontalSpacing={8} className="fit-phone" stickyHeader>
            <Table.Caption>{caption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th hiddenFrom="sm" w="40%">
                  Where
                </Table.Th>
                <Table.Th visibleFrom="sm">File</Table.Th>
                <Table.Th visibleFrom="sm">Row</Table.Th>
                <Table.Th visibleFrom="sm">Column</Table.Th>
                <Table.Th>What is wrong</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {job.problems.map((problem, index) => (
                <Table.Tr key={index}>
                  <Table.Td hiddenFrom="sm" style={{ overflowWrap: 'anywhere' }}>
                    {whereIs(problem)}
                  </Table.Td>
                  <Table.Td visibleFrom="sm" style={{ overflowWrap: 'anywhere' }}>
                    {problem.file}
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{problem.row === 0 ? 'whole file' : problem.row}</Table.Td>
                  <Table.Td visibleFrom="sm">{problem.column ?? '—'}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{problem.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      </Paper>
      <Button
        variant="subtle"
        leftSection={<IconDownload size={18} aria-hidden />}
        onClick={() => downloadProblems(job)}
        style={{ alignSelf: 'flex-start' }}
      >
        Download the problems (CSV)
      </Button>
    </Stack>
  );
}

/** The problems as a spreadsheet, to fix the file row by row (STAFF-SCREENS §6: the validator's list as a CSV). */
function downloadProblems(job: RosterImport) {
  const rows = job.problems.map((problem) => [
    problem.file,
    problem.row,
    problem.column ?? '',
    problem.message,
  ]);
  const csv = stringify([['file', 'row', 'column', 'problem'], ...rows], {
    bom: true,
    record_delimiter: 'windows',
    // A message quotes the file's cells: one starting with = + - @ must not run as a formula (M9's rule).
    escape_formulas: true,
  });
  saveFile(
    new Blob([csv], { type: 'text/csv;charset=utf-8' }),
    `${job.file_name.replace(/\.\w+$/, '')}-problems.csv`,
  );
}
