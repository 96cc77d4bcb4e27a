import { EmptyState, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useId } from 'react';
import { Loaded } from '@/components/loaded';
import { plural } from '@/lib/plural';
import { useDailyActivity, useInsightsTotals, type InsightsFilter } from '../api/insights';
import { CountBars } from '../components/count-bars';
import { InsightsFigure } from '../components/insights-figure';
import type { InsightsAddress } from '../insights-address';
import { orDash, shortDay } from '../insights-format';

/** The first section (IN10): totals as tiles naming their period, reading speed, reading day by day (IN3, IN5). */
export function OverviewSection({ address }: { address: InsightsAddress }) {
  const { filter, period } = address;
  return (
    <Stack gap="lg">
      <Totals filter={filter} period={period} />
      <DailyActivity filter={filter} period={period} />
    </Stack>
  );
}

/** A figure and what it counts, as one named group (a screen reader hears "Active students, group: 24 of 35"). */
function Tile({ label, value, detail }: { label: string; value: string; detail?: string }) {
  const labelId = useId();
  return (
    <Paper withBorder radius="lg" p="md" role="group" aria-labelledby={labelId}>
      <Text size="sm" c="dimmed" id={labelId}>
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
            <Fluency fluency={data.fluency} filter={filter} />
          </Stack>
        )
      }
    </Loaded>
  );
}

type FluencyBand = { from: number; to: number | null; wpm_students: number; wcpm_students: number };

function Fluency({ fluency, filter }: { fluency: FluencyBand[]; filter: InsightsFilter }) {
  const label = (band: FluencyBand) => (band.to === null ? `${band.from}+` : `${band.from}–${band.to - 1}`);
  const measured = fluency.reduce((sum, band) => sum + band.wcpm_students, 0);
  const rows = fluency.map((band) => [label(band), band.wpm_students, band.wcpm_students]);
  return (
    <InsightsFigure
      id="fluency"
      title="Reading speed"
      summary={
        measured === 0
          ? 'No read-aloud recording has a speed yet; each student’s latest one is counted here.'
          : `${plural(measured, 'student', 'students')} by the words per minute of their latest read-aloud recording.`
      }
      table={{ columns: ['Words per minute', 'Students by WPM', 'Students by WCPM'], rows }}
      filename={`reading-speed-${filter.end}.csv`}
    >
      {measured > 0 && (
        <CountBars
          data={fluency.map((band) => ({
            band: label(band),
            WPM: band.wpm_students,
            WCPM: band.wcpm_students,
          }))}
          dataKey="band"
          ordered
          names={['WPM', 'WCPM']}
        />
      )}
    </InsightsFigure>
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
          <InsightsFigure
            id="activity"
            title="Reading day by day"
            summary={
              busiest.active_students === 0
                ? `Nobody read in the ${period}.`
                : `${plural(books, 'book', 'books')} completed in the ${period}; the busiest day was ${shortDay(busiest.date)} with ${plural(busiest.active_students, 'active student', 'active students')}.`
            }
            table={{ columns: ACTIVITY_COLUMNS, rows }}
            filename={`reading-${filter.start}-to-${filter.end}.csv`}
          >
            <CountBars
              data={days.map((day) => ({
                day: shortDay(day.date),
                'Active students': day.active_students,
                'Books completed': day.books_completed,
              }))}
              dataKey="day"
              ordered
              names={['Active students', 'Books completed']}
            />
          </InsightsFigure>
        );
      }}
    </Loaded>
  );
}
