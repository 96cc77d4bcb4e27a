import type { LexilePoint } from '@readalong/contracts';
import { COLOUR_BANDS } from '@readalong/contracts';
import type { z } from 'zod';
import { bandOf } from '@/lib/levels';
import { ChartFigure } from '@/components/chart-figure';
import { LineChart } from '@/components/charts/line-chart';
import { friendlyDay, onDay } from './dates';

type Point = z.infer<typeof LexilePoint>;

/** The Lexile range the chart shows: the bands the student's points fall in, one band either side for context. */
function visibleBands(points: readonly Point[]) {
  const ranged = COLOUR_BANDS.filter((band) => band.min_lexile !== null && band.max_lexile !== null);
  const lowest = Math.min(...points.map((point) => point.lexile));
  const highest = Math.max(...points.map((point) => point.lexile));
  const first = Math.max(0, ranged.findIndex((band) => (band.max_lexile ?? 0) > lowest) - 1);
  const lastFound = ranged.findIndex((band) => (band.max_lexile ?? 0) >= highest);
  const last = Math.min(ranged.length - 1, (lastFound < 0 ? ranged.length - 1 : lastFound) + 1);
  return ranged.slice(first, last + 1);
}

const whatHappened = (point: Point) =>
  point.source === 'book_passed'
    ? `Passed ‘${point.title ?? 'a book'}’`
    : `Moved to the ${bandOf(point.colour_band_id)?.label ?? 'new band'}`;

/** How the student's estimated Lexile moved, with the colour bands drawn behind it so a child sees their band. */
export function LexileTimelineChart({
  points,
  currentLexile,
}: {
  points: readonly Point[];
  currentLexile: number | null;
}) {
  const first = points[0];
  const last = points.at(-1);
  const summary =
    first && last
      ? friendlyDay(first.at) === friendlyDay(last.at)
        ? first === last
          ? `Your Lexile was ${last.lexile}L ${onDay(last.at)}.`
          : `Your Lexile went from ${first.lexile}L to ${last.lexile}L ${onDay(last.at)}.`
        : `Your Lexile went from ${first.lexile}L to ${last.lexile}L between ${friendlyDay(first.at)} and ${friendlyDay(last.at)}.`
      : currentLexile !== null
        ? `Your Lexile is ${currentLexile}L. It did not change in this time.`
        : 'Your Lexile will show here once you pass your first book.';
  const bands = points.length > 0 ? visibleBands(points) : [];
  const data = points.map((point) => ({ day: friendlyDay(point.at), lexile: point.lexile }));

  return (
    <ChartFigure
      id="lexile-timeline"
      title="Your Lexile over time"
      summary={summary}
      table={{
        columns: ['Date', 'Lexile', 'What happened'],
        rows: points.map((point) => [friendlyDay(point.at), `${point.lexile}L`, whatHappened(point)]),
      }}
    >
      {points.length > 0 && (
        <LineChart
          height={280}
          data={data}
          dataKey="day"
          series={[{ name: 'lexile', label: 'Lexile', color: 'indigo.7' }]}
          strokeWidth={3}
          unit="L"
          // The axis spans the bands shown, marked at their edges: the child reads which band each point is in.
          valueDomain={[
            Math.min(bands[0]!.min_lexile!, ...points.map((point) => point.lexile)),
            Math.max(bands.at(-1)!.max_lexile!, ...points.map((point) => point.lexile)),
          ]}
          valueTicks={[bands[0]!.min_lexile!, ...bands.map((band) => band.max_lexile!)]}
          referenceAreas={bands.map((band) => ({
            from: band.min_lexile!,
            to: band.max_lexile!,
            color: band.colour,
            opacity: 0.18,
            // Drawn in dark text (charts' .label): the band's own colour on its pale fill is too faint to read.
            label: bandOf(band.id)?.label,
          }))}
        />
      )}
    </ChartFigure>
  );
}
