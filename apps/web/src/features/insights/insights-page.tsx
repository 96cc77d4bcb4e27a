import { VisibleBarChart } from '@/components/visible-bar-chart';
import {
  Button,
  EmptyState,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconChartBar, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { ChartFigure } from '@/components/chart-figure';
import { Loaded } from '@/components/loaded';
import {
  useClassChoices,
  useColourBands,
  useDailyActivity,
  useInsightsTotals,
  type InsightsFilter,
} from './api/insights';
import { usePickedSchool } from '@/shared/school-scope/school-scope';
import { downloadCsv } from '@/shared/csv/download-csv';

const DAY_MS = 86_400_000;
/** The periods offered (STAFF-SCREENS §5: default the last 28 days; a week, a term, a year). */
const PERIODS = [
  { value: '7', label: 'Last 7 days' },
  { value: '28', label: 'Last 28 days' },
  { value: '90', label: 'Last 90 days (a term)' },
  { value: '365', label: 'Last 365 days (a year)' },
] as const;
type PeriodDays = (typeof PERIODS)[number]['value'];

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
/** The last `days` UTC days up to today, as the server counts them (IN1). */
const periodOf = (days: PeriodDays) => ({
  start: isoDay(Date.now() - (Number(days) - 1) * DAY_MS),
  end: isoDay(Date.now()),
});
const shortDay = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
const orDash = (value: number | null, unit = '') => (value === null ? '—' : `${Math.round(value)}${unit}`);

/** Insights, the default child of its area (docs/rules.md IN10): the figures of the caller's scope (IN1–IN5). */
export function InsightsPage() {
  const schoolId = usePickedSchool();
  const [days, setDays] = useState<PeriodDays>('28');
  const [classId, setClassId] = useState('');
  const filter: InsightsFilter = {
    ...(schoolId !== undefined && { school_id: schoolId }),
    ...(classId !== '' && { class_id: Number(classId) }),
    ...periodOf(days),
  };
  const period = PERIODS.find((option) => option.value === days)!.label.toLowerCase();
  return (
    <Stack gap="lg">
      <Group align="end" wrap="wrap">
        <NativeSelect
          label="Period"
          data={[...PERIODS]}
          value={days}
          onChange={(event) => setDays(event.currentTarget.value as PeriodDays)}
        />
        <ClassPicker schoolId={schoolId} value={classId} onChange={setClassId} />
      </Group>
      <Totals filter={filter} period={period} />
      <DailyActivity filter={filter} period={period} />
      <ColourBands filter={filter} />
    </Stack>
  );
}

function ClassPicker({
  schoolId,
  value,
  onChange,
}: {
  schoolId: number | undefined;
  value: string;
  onChange: (classId: string) => void;
}) {
  const classes = useClassChoices(schoolId);
  const options = [
    { value: '', label: 'All classes' },
    ...(classes.data ?? []).map((klass) => ({ value: String(klass.id), label: klass.name })),
  ];
  return (
    <NativeSelect
      label="Class"
      data={options}
      value={value}
      disabled={classes.isPending}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

function Tile({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value}
      </Text>
      {detail && <Text size="sm">{detail}</Text>}
    </Paper>
  );
}

function Totals({ filter, period }: { filter: InsightsFilter; period: string }) {
  const totals = useInsightsTotals(filter);
  return (
    <Loaded query={totals} loadingLabel="Loading the totals" errorTitle="The totals could not be loaded">
      {(data) =>
        data.total_students === 0 ? (
          <EmptyState icon={<IconChartBar aria-hidden />}>
            <EmptyState.Title order={2}>No students here yet</EmptyState.Title>
            <EmptyState.Description>
              Add students to a class under Manage; their reading appears here as soon as they start.
            </EmptyState.Description>
          </EmptyState>
        ) : (
          <Stack gap="lg">
            <section aria-labelledby="totals-heading">
              <Title order={2} size="h4" id="totals-heading" mb="sm">
                Totals, {period}
              </Title>
              <SimpleGrid cols={{ base: 2, sm: 4 }}>
                <Tile
                  label="Active students"
                  value={`${data.active_students} of ${data.total_students}`}
                  detail="read, quizzed or recorded"
                />
                <Tile label="Minutes read" value={String(Math.round(data.minutes_reading))} />
                <Tile label="Books completed" value={String(data.books_completed)} />
                <Tile label="Quizzes handed in" value={String(data.quizzes_submitted)} />
                <Tile label="Average quiz score" value={orDash(data.average_score_percent, '%')} />
                <Tile
                  label="Average WCPM"
                  value={orDash(data.average_wcpm)}
                  detail="latest recording of each"
                />
                <Tile label="Recordings made" value={String(data.recordings_submitted)} />
                <Tile label="Recordings to review" value={String(data.recordings_waiting)} />
              </SimpleGrid>
            </section>
            <Fluency fluency={data.fluency} />
          </Stack>
        )
      }
    </Loaded>
  );
}

type FluencyBand = { from: number; to: number | null; wpm_students: number; wcpm_students: number };

function Fluency({ fluency }: { fluency: FluencyBand[] }) {
  const label = (band: FluencyBand) => (band.to === null ? `${band.from}+` : `${band.from}–${band.to - 1}`);
  const measured = fluency.reduce((sum, band) => sum + band.wcpm_students, 0);
  const rows = fluency.map((band) => [label(band), band.wpm_students, band.wcpm_students] as const);
  return (
    <ChartFigure
      id="fluency"
      title="Reading speed"
      summary={
        measured === 0
          ? 'No read-aloud recording has a speed yet; each student’s latest one is counted here.'
          : `${measured} students by the words per minute of their latest read-aloud recording.`
      }
      table={{ columns: ['Words per minute', 'Students by WPM', 'Students by WCPM'], rows }}
    >
      {measured > 0 && (
        <VisibleBarChart
          accessibilityLayer={false}
          yAxisProps={{ allowDecimals: false }}
          h={220}
          data={fluency.map((band) => ({
            band: label(band),
            WPM: band.wpm_students,
            WCPM: band.wcpm_students,
          }))}
          dataKey="band"
          series={[
            { name: 'WPM', color: 'indigo.4' },
            { name: 'WCPM', color: 'teal.7' },
          ]}
          withLegend
        />
      )}
    </ChartFigure>
  );
}

const ACTIVITY_COLUMNS = [
  'Date',
  'Active students',
  'Minutes read',
  'Books completed',
  'Quizzes',
  'Recordings',
];

function DailyActivity({ filter, period }: { filter: InsightsFilter; period: string }) {
  const activity = useDailyActivity(filter);
  return (
    <Loaded
      query={activity}
      loadingLabel="Loading the activity"
      errorTitle="The activity could not be loaded"
    >
      {(days) => {
        const rows = days.map((day) => [
          day.date,
          day.active_students,
          Math.round(day.minutes_reading),
          day.books_completed,
          day.quizzes_submitted,
          day.recordings_submitted,
        ]);
        const books = days.reduce((sum, day) => sum + day.books_completed, 0);
        const busiest = days.reduce((best, day) => (day.active_students > best.active_students ? day : best));
        return (
          <Stack gap="xs">
            <ChartFigure
              id="activity"
              title="Reading day by day"
              summary={
                busiest.active_students === 0
                  ? `Nobody read in the ${period}.`
                  : `${books} books completed in the ${period}; the busiest day was ${shortDay(busiest.date)} with ${busiest.active_students} active students.`
              }
              table={{ columns: ACTIVITY_COLUMNS, rows }}
            >
              <VisibleBarChart
                accessibilityLayer={false}
                yAxisProps={{ allowDecimals: false }}
                h={220}
                data={days.map((day) => ({
                  day: shortDay(day.date),
                  'Active students': day.active_students,
                  'Books completed': day.books_completed,
                }))}
                dataKey="day"
                series={[
                  { name: 'Active students', color: 'indigo.4' },
                  { name: 'Books completed', color: 'teal.7' },
                ]}
                withLegend
              />
            </ChartFigure>
            <Group justify="end">
              <Button
                variant="default"
                leftSection={<IconDownload aria-hidden size={18} />}
                onClick={() =>
                  void downloadCsv(`reading-${filter.start}-to-${filter.end}.csv`, ACTIVITY_COLUMNS, rows)
                }
              >
                Download day by day (CSV)
              </Button>
            </Group>
          </Stack>
        );
      }}
    </Loaded>
  );
}

const BAND_COLUMNS = ['Series', 'Colour band', 'Students'];

function ColourBands({ filter }: { filter: InsightsFilter }) {
  const bands = useColourBands(filter);
  return (
    <Loaded query={bands} loadingLabel="Loading the levels" errorTitle="The levels could not be loaded">
      {({ rows, unplaced_count }) => {
        const table = rows.map((row) => [row.series_name, row.colour_band_name, row.student_count] as const);
        const placed = rows.reduce((sum, row) => sum + row.student_count, 0);
        return (
          <Stack gap="xs">
            <ChartFigure
              id="levels"
              title="Students by level"
              summary={`${placed} students placed, by series and colour band${
                unplaced_count > 0
                  ? `; ${unplaced_count} not placed yet (they take the placement test first)`
                  : ''
              }.`}
              table={{ columns: BAND_COLUMNS, rows: table }}
            >
              {placed > 0 && (
                <VisibleBarChart
                  accessibilityLayer={false}
                  yAxisProps={{ allowDecimals: false }}
                  h={220}
                  data={rows.map((row) => ({
                    level: `${row.series_name} ${row.colour_band_name}`,
                    Students: row.student_count,
                  }))}
                  dataKey="level"
                  series={[{ name: 'Students', color: 'indigo.5' }]}
                />
              )}
            </ChartFigure>
            <Table.ScrollContainer minWidth={280}>
              <Table aria-label="Students by level, in numbers">
                <Table.Thead>
                  <Table.Tr>
                    {BAND_COLUMNS.map((column) => (
                      <Table.Th key={column} scope="col">
                        {column}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {table.map((row) => (
                    <Table.Tr key={`${row[0]}-${row[1]}`}>
                      {row.map((cell, index) => (
                        <Table.Td key={index}>{cell}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="end">
              <Button
                variant="default"
                leftSection={<IconDownload aria-hidden size={18} />}
                onClick={() => void downloadCsv('students-by-level.csv', BAND_COLUMNS, table)}
              >
                Download levels (CSV)
              </Button>
            </Group>
          </Stack>
        );
      }}
    </Loaded>
  );
}
