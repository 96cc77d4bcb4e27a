import { LineChart } from '@/components/charts/line-chart';
import { levelLabel } from '@/lib/levels';
import { formatAccuracy, formatRate } from '@/shared/read-aloud/fluency-format';
import type { GoalProgress, LexilePoint, ReportRecording } from '../api/student-report';
import { ChartWithNumbers, dayOf, FiguresTable, ReportSection } from './report-parts';

/** Why the estimate moved, in words: no silent level moves (docs/rules.md R12). */
function whatHappened(point: LexilePoint): string {
  if (point.source === 'book_passed') return `Passed ‘${point.title ?? 'a book'}’`;
  const level = levelLabel(point.series_id, point.colour_band_id);
  switch (point.rule) {
    case 'level_up':
      return `Moved up to ${level}`;
    case 'level_down':
      return `Moved down to ${level}`;
    case 'placement':
      return `Placed in ${level} by the placement test`;
    case 'manual_placement':
      return `Set to ${level} by a teacher${point.reason ? `: ‘${point.reason}’` : ''}`;
    default:
      return `Moved to ${level}`;
  }
}

/**
 * The Lexile axis: 50L either side of the period's lowest and highest estimates, so a move of 10L still shows as a
 * step, not a flat line on an axis from zero.
 */
function lexileDomain(points: readonly LexilePoint[]): [number, number] {
  const values = points.map((point) => point.lexile);
  return [Math.min(...values) - 50, Math.max(...values) + 50];
}

/** How the estimated Lexile moved over the period, each point with what moved it (docs/rules.md P9). */
export function LexileSection({
  name,
  points,
  current,
  period,
}: {
  name: string;
  points: readonly LexilePoint[];
  current: number | null;
  period: string;
}) {
  const first = points[0];
  const last = points.at(-1);
  const summary =
    first && last
      ? `${period}: from ${first.lexile}L (${dayOf(first.at)}) to ${last.lexile}L (${dayOf(last.at)}); ${points.length} changes.`
      : current !== null
        ? `${period}: no change; ${name}’s estimated Lexile is ${current}L.`
        : `No estimate yet: it starts with ${name}’s placement or first passed book.`;
  return (
    <ReportSection id="lexile" title="Estimated Lexile over time" summary={summary}>
      {points.length > 0 && (
        <ChartWithNumbers
          chart={
            <LineChart
              height={220}
              data={points.map((point) => ({ day: dayOf(point.at), lexile: point.lexile }))}
              dataKey="day"
              series={[{ name: 'lexile', label: 'Lexile', color: 'indigo.7' }]}
              curve="step"
              unit="L"
              valueDomain={lexileDomain(points)}
            />
          }
          table={
            <FiguresTable
              caption="Each change"
              columns={['Date', 'Lexile', 'Why']}
              numeric={[1]}
              rows={points.map((point) => [dayOf(point.at), `${point.lexile}L`, whatHappened(point)])}
            />
          }
        />
      )}
    </ReportSection>
  );
}

/**
 * Read-aloud recordings over the period, oldest first: words per minute and words correct per minute as lines (the
 * WCPM goal drawn across), every recording in the table with its book, accuracy and whether a teacher graded it.
 */
export function FluencySection({
  recordings,
  goals,
  period,
}: {
  recordings: readonly ReportRecording[];
  goals: readonly GoalProgress[];
  period: string;
}) {
  const timed = recordings.filter((recording) => recording.wcpm !== null);
  const first = timed[0];
  const last = timed.at(-1);
  const wcpmGoal = goals.find((goal) => goal.kind === 'wcpm');
  const summary =
    recordings.length === 0
      ? `${period}: no read-aloud recordings.`
      : `${period}: ${recordings.length === 1 ? '1 recording' : `${recordings.length} recordings`}` +
        (first && last && first !== last
          ? `; words correct per minute went from ${formatRate(first.wcpm)} to ${formatRate(last.wcpm)}`
          : '') +
        (wcpmGoal ? ` (goal ${wcpmGoal.target}).` : '.');
  return (
    <ReportSection id="fluency" title="Reading aloud: speed over time" summary={summary}>
      {recordings.length > 0 && (
        <ChartWithNumbers
          stacked
          chart={
            timed.length >= 2 && (
              <LineChart
                height={220}
                data={timed.map((recording) => ({
                  day: dayOf(recording.created_at),
                  WCPM: Math.round(recording.wcpm!),
                  WPM: Math.round(recording.wpm ?? 0),
                }))}
                dataKey="day"
                series={[
                  { name: 'WCPM', color: 'teal.8' },
                  { name: 'WPM', color: 'indigo.5' },
                ]}
                referenceLines={
                  wcpmGoal
                    ? [{ value: wcpmGoal.target, color: 'green.9', label: `WCPM goal ${wcpmGoal.target}` }]
                    : undefined
                }
              />
            )
          }
          table={
            <FiguresTable
              caption="Each recording"
              columns={['Date', 'Book', 'WPM', 'WCPM', 'Accuracy', 'Marked']}
              numeric={[2, 3, 4]}
              wideOnly={[2, 4, 5]}
              rows={recordings.map((recording) => [
                dayOf(recording.created_at),
                recording.passage_title,
                formatRate(recording.wpm),
                formatRate(recording.wcpm),
                formatAccuracy(recording.accuracy),
                recording.grading_completed
                  ? 'by a teacher'
                  : recording.wpm_confirmed
                    ? 'timed, not graded'
                    : 'waiting',
              ])}
            />
          }
        />
      )}
    </ReportSection>
  );
}
