import { Table } from '@mantine/core';
import { ChartFigure } from '@/components/chart-figure';
import { LineChart } from '@/components/charts/line-chart';
import type { ClassRecording } from '../api/class-recordings';
import { formatAccuracy, formatRate } from '@/shared/read-aloud/fluency-format';
import { formatShortDay } from '@/lib/dates';

const day = formatShortDay;

/**
 * The student's recordings of the same book, oldest first: how their reading of it changed. Confirmed ones are
 * drawn, so a teacher sees at a glance whether the words correct per minute went up.
 */
export function RecordingHistory({
  recordings,
  currentId,
}: {
  recordings: ClassRecording[];
  currentId: number;
}) {
  const ordered = recordings.toSorted((a, b) => a.created_at.localeCompare(b.created_at));
  const timed = ordered.filter((recording) => recording.wpm_confirmed && recording.wcpm !== null);
  const first = timed[0];
  const last = timed.at(-1);
  const summary =
    ordered.length === 1
      ? 'This is the only recording of this book so far.'
      : timed.length < 2
        ? `${ordered.length} recordings of this book; once two are confirmed, their words correct per minute are compared here.`
        : `${ordered.length} recordings of this book. Words correct per minute went from ${formatRate(first!.wcpm)} to ${formatRate(last!.wcpm)}.`;
  const rows = ordered.map((recording) => [
    day(recording.created_at) + (recording.id === currentId ? ' (this one)' : ''),
    formatRate(recording.wpm),
    formatRate(recording.wcpm),
    formatAccuracy(recording.accuracy),
  ]);
  return (
    <ChartFigure
      id="recording-history"
      title="This student’s recordings of the book"
      summary={summary}
      table={{ columns: ['Recorded', 'WPM', 'WCPM', 'Accuracy'], rows }}
    >
      {timed.length >= 2 && (
        <LineChart
          height={160}
          data={timed.map((recording) => ({
            day: day(recording.created_at),
            WCPM: Math.round(recording.wcpm!),
            WPM: Math.round(recording.wpm!),
          }))}
          dataKey="day"
          series={[
            { name: 'WCPM', color: 'teal.7' },
            { name: 'WPM', color: 'indigo.4' },
          ]}
        />
      )}
      <Table striped fz="xs" mt="sm" horizontalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Recorded</Table.Th>
            <Table.Th ta="right">WPM</Table.Th>
            <Table.Th ta="right">WCPM</Table.Th>
            <Table.Th ta="right">Acc.</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ordered.map((recording) => (
            <Table.Tr key={recording.id} fw={recording.id === currentId ? 700 : undefined}>
              <Table.Td>
                {day(recording.created_at)}
                {recording.id === currentId && ' (this one)'}
              </Table.Td>
              <Table.Td ta="right">{formatRate(recording.wpm)}</Table.Td>
              <Table.Td ta="right">{formatRate(recording.wcpm)}</Table.Td>
              <Table.Td ta="right">{formatAccuracy(recording.accuracy)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ChartFigure>
  );
}
