import { LEVEL_PROGRESSION_PAGE_SIZE, levelLabel } from '@readalong/contracts';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Loaded } from '@/components/loaded';
import { plural } from '@/lib/plural';
import { downloadCsv } from '@/shared/csv/download-csv';
import {
  useColourBands,
  useLevelProgression,
  type InsightsFilter,
  type LevelProgression,
} from '../api/insights';
import { CountBars } from '../components/count-bars';
import { InsightsFigure } from '../components/insights-figure';
import { Pager, rangeOf } from '../components/pager';
import type { InsightsAddress } from '../insights-address';

/** Students by colour band now (IN4) and the level changes over the period (IN6). */
export function LevelsSection({ address }: { address: InsightsAddress }) {
  return (
    <Stack gap="lg">
      <ColourBands filter={address.filter} />
      {/* A new filter starts the changes at their first page. */}
      <LevelProgressionFigures
        key={JSON.stringify(address.filter)}
        filter={address.filter}
        period={address.period}
      />
    </Stack>
  );
}

function ColourBands({ filter }: { filter: InsightsFilter }) {
  const bands = useColourBands(filter);
  return (
    <Loaded query={bands} loadingLabel="Loading the levels" errorTitle="The levels could not be loaded">
      {({ rows, unplaced_count }) => {
        const placed = rows.reduce((sum, row) => sum + row.student_count, 0);
        return (
          <InsightsFigure
            id="levels"
            title="Students by level"
            summary={`${plural(placed, 'student', 'students')} placed, by series and colour band${
              unplaced_count > 0
                ? `; ${unplaced_count} not placed yet (they take the placement test first)`
                : ''
            }.`}
            table={{
              columns: ['Series', 'Colour band', 'Students'],
              rows: rows.map((row) => [row.series_name, row.colour_band_name, row.student_count]),
            }}
            filename="students-by-level.csv"
          >
            {placed > 0 && (
              <CountBars
                data={rows.map((row) => ({
                  level: `${row.series_name} ${row.colour_band_name}`,
                  Students: row.student_count,
                }))}
                dataKey="level"
                names={['Students']}
              />
            )}
          </InsightsFigure>
        );
      }}
    </Loaded>
  );
}

type Reason = LevelProgression['reasons'][number]['reason'];
/** Every reason of R12, in the order a reader expects them, as a teacher says it. */
const REASONS: { reason: Reason; label: string }[] = [
  { reason: 'level_up', label: 'Moved up a band' },
  { reason: 'level_down', label: 'Moved down a band' },
  { reason: 'placement', label: 'Placement test' },
  { reason: 'manual_placement', label: 'Placed by a teacher' },
  { reason: 'reset', label: 'Level reset' },
];
const reasonLabel = (reason: Reason) => REASONS.find((entry) => entry.reason === reason)!.label;

function LevelProgressionFigures({ filter, period }: { filter: InsightsFilter; period: string }) {
  const [page, setPage] = useState(0);
  const progression = useLevelProgression(filter, page);
  return (
    <Loaded
      query={progression}
      loadingLabel="Loading the level changes"
      errorTitle="The level changes could not be loaded"
    >
      {(data) => (
        <Stack gap="lg">
          <ReasonsFigure data={data} filter={filter} period={period} />
          {data.total > 0 && <ChangesList data={data} onPage={setPage} filter={filter} />}
        </Stack>
      )}
    </Loaded>
  );
}

function ReasonsFigure({
  data,
  filter,
  period,
}: {
  data: LevelProgression;
  filter: InsightsFilter;
  period: string;
}) {
  const counts = REASONS.map(({ reason, label }) => {
    const found = data.reasons.find((entry) => entry.reason === reason);
    return { label, changes: found?.change_count ?? 0, students: found?.student_count ?? 0 };
  });
  const [up, down] = counts;
  return (
    <InsightsFigure
      id="level-progression"
      title={`Level changes, ${period}`}
      summary={
        data.total === 0
          ? `No student changed level in the ${period}.`
          : `${plural(data.total, 'level change', 'level changes')} in the ${period}: ${plural(up!.students, 'student', 'students')} moved up a band and ${down!.students} moved down.`
      }
      table={{
        columns: ['Reason', 'Changes', 'Students'],
        rows: counts.map((count) => [count.label, count.changes, count.students]),
      }}
      filename={`level-changes-${filter.start}-to-${filter.end}.csv`}
    >
      {data.total > 0 && (
        <CountBars
          data={counts.map((count) => ({
            reason: count.label,
            Changes: count.changes,
            Students: count.students,
          }))}
          dataKey="reason"
          names={['Changes', 'Students']}
        />
      )}
    </InsightsFigure>
  );
}

const CHANGE_COLUMNS = ['Date', 'Student', 'From', 'To', 'Reason', 'Why', 'By'];

function ChangesList({
  data,
  onPage,
  filter,
}: {
  data: LevelProgression;
  onPage: (page: number) => void;
  filter: InsightsFilter;
}) {
  const rows = data.level_changes.map((change) => [
    change.changed_at.slice(0, 10),
    change.student_name,
    levelLabel(change.from_series_id, change.from_colour_band_id),
    levelLabel(change.to_series_id, change.to_colour_band_id),
    reasonLabel(change.reason),
    change.detail,
    change.changed_by ?? 'the reading rules',
  ]);
  const shown = rangeOf(data.page, LEVEL_PROGRESSION_PAGE_SIZE, rows.length, data.total);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="changes-heading">
      <Title order={2} size="h4" id="changes-heading">
        Each level change
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Newest first; changes {shown}.
      </Text>
      <Table className="fit-phone" verticalSpacing="sm" horizontalSpacing={8}>
        <Table.Caption>Level changes {shown}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Student</Table.Th>
            <Table.Th scope="col">Change</Table.Th>
            <Table.Th scope="col" visibleFrom="sm">
              Reason
            </Table.Th>
            <Table.Th scope="col" visibleFrom="lg">
              Why
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(([date, student, from, to, reason, why, by], index) => (
            <Table.Tr key={index}>
              <Table.Th scope="row" fw={600}>
                {student}
                <Text size="xs" c="dimmed" fw={400}>
                  {date}
                </Text>
              </Table.Th>
              <Table.Td>
                {from} → {to}
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {reason}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">{reason}</Table.Td>
              <Table.Td visibleFrom="lg">
                {why}
                <Text size="xs" c="dimmed">
                  by {by}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="space-between" mt="sm" wrap="wrap">
        <Pager
          label="Pages of level changes"
          page={data.page}
          pages={Math.ceil(data.total / LEVEL_PROGRESSION_PAGE_SIZE)}
          onChange={onPage}
        />
        <Button
          variant="default"
          leftSection={<IconDownload aria-hidden size={18} />}
          onClick={() =>
            void downloadCsv(
              `level-changes-${filter.start}-to-${filter.end}-page-${data.page + 1}.csv`,
              CHANGE_COLUMNS,
              rows,
            )
          }
        >
          Download these changes (CSV)
        </Button>
      </Group>
    </Paper>
  );
}
