import type { ActivityCounts, ActivityDay } from '@readalong/contracts';
import type { z } from 'zod';
import type { DateRange, RangeChoice } from '../api/date-range';
import { bucketActivity } from './activity-buckets';
import { ChartFigure } from '@/components/chart-figure';
import { BarChart } from '@/components/charts/bar-chart';
import { plural } from '@/lib/plural';

interface ActivityChartProps {
  days: readonly z.infer<typeof ActivityDay>[];
  totals: z.infer<typeof ActivityCounts>;
  choice: RangeChoice;
  range: DateRange;
}

/** Minutes spent reading, bar by bar over the range, with the totals in words. */
export function ActivityChart({ days, totals, choice, range }: ActivityChartProps) {
  const buckets = bucketActivity(days, choice, range);
  const daysRead = days.filter((day) => day.minutes_reading > 0).length;
  const minutes = Math.round(totals.minutes_reading);
  const summary =
    minutes === 0
      ? 'No reading in this time yet. Open a book and your reading time will grow here.'
      : `You read for ${plural(minutes, 'minute', 'minutes')} on ${plural(daysRead, 'day', 'days')}, ` +
        `read ${plural(totals.pages_read, 'page', 'pages')} and finished ${plural(totals.books_completed, 'book', 'books')}.`;

  return (
    <ChartFigure
      id="reading-time"
      title="Your reading time"
      summary={summary}
      table={{
        columns: ['When', 'Minutes reading', 'Pages read', 'Books finished'],
        rows: buckets
          .filter((bucket) => bucket.minutes > 0 || bucket.pages > 0 || bucket.books > 0)
          .map((bucket) => [bucket.label, bucket.minutes, bucket.pages, bucket.books]),
      }}
    >
      {minutes > 0 && (
        <BarChart
          height={240}
          data={buckets}
          dataKey="label"
          ordered
          series={[{ name: 'minutes', label: 'Minutes reading', color: 'indigo.6' }]}
          valueLabel="Minutes"
          maxBarWidth={32}
        />
      )}
    </ChartFigure>
  );
}
