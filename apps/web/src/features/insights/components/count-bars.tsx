import { BarChart } from '@/components/charts/bar-chart';

/** The colours of the series a chart compares, in order. */
const COLOURS = ['indigo.5', 'teal.7'];

/**
 * Bars of counts (whole numbers on the axis) by `dataKey`, one series per name, for the eye only: the figure's
 * summary and table say the same (IN10).
 */
export function CountBars({
  data,
  dataKey,
  names,
  h = 220,
  ordered = false,
}: {
  data: Record<string, string | number>[];
  dataKey: string;
  names: string[];
  h?: number;
  /** The categories run in order (days, weeks, speed ranges): a crowded axis names every n-th (BarChart). */
  ordered?: boolean;
}) {
  return (
    <BarChart
      integer
      ordered={ordered}
      height={h}
      data={data}
      dataKey={dataKey}
      series={names.map((name, index) => ({ name, color: COLOURS[index % COLOURS.length]! }))}
    />
  );
}
