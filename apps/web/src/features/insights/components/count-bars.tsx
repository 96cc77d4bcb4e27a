import { VisibleBarChart } from '@/components/visible-bar-chart';

/** The colours of the series a chart compares, in order. */
const COLOURS = ['indigo.5', 'teal.7'];

/**
 * Bars of counts (whole numbers on the axis) by `dataKey`, one series per name, drawn when they come onto the screen
 * and for the eye only: the figure's summary and table say the same (IN10).
 */
export function CountBars({
  data,
  dataKey,
  names,
  h = 220,
}: {
  data: Record<string, string | number>[];
  dataKey: string;
  names: string[];
  h?: number;
}) {
  return (
    <VisibleBarChart
      accessibilityLayer={false}
      yAxisProps={{ allowDecimals: false }}
      h={h}
      data={data}
      dataKey={dataKey}
      series={names.map((name, index) => ({ name, color: COLOURS[index % COLOURS.length]! }))}
      withLegend={names.length > 1}
    />
  );
}
