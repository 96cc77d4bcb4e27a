import classes from './charts.module.css';
import {
  CategoryAxisX,
  categoryAxisHeight,
  ChartFrame,
  FALLBACK_WIDTH,
  FONT_SIZE,
  LINE_HEIGHT,
  field,
  ValueAxisTitle,
  ValueAxisY,
  valueAxisWidth,
  type Series,
} from './parts';
import { cssColour, layoutCategoryLabels, linearScale, niceAxis } from './scale';
import { useWidth } from './use-width';

export interface BarChartProps<T extends object> {
  /** One entry per category: its name under `dataKey`, each series' value under the series' name. */
  data: readonly T[];
  dataKey: keyof T & string;
  /** One bar per series in each category, side by side, in this order. */
  series: readonly Series[];
  /** The drawing's height in px with one line of category names (more lines add to it; the legend sits above). */
  height: number;
  /** Counts: the axis steps in whole numbers. */
  integer?: boolean;
  /** The value axis's title, written up its side ("Minutes"). */
  valueLabel?: string;
  /** A legend names the series; by default when there is more than one. */
  withLegend?: boolean;
  /** The widest a bar grows, in px: a few bars on a wide screen stay bars, not blocks. */
  maxBarWidth?: number;
  /**
   * The categories run in order (days, weeks, ranges of speed): where their names do not fit, every n-th is shown
   * and the reader counts along. Otherwise names wrap or turn on their side, so every bar keeps its name.
   */
  ordered?: boolean;
}

/** Space above the plot, so the top value's label is not cut in half by the drawing's edge. */
const TOP = 8;
/** A category's bars take this share of its slot; the rest is the gap between categories. */
const GROUP_SHARE = 0.8;
/** The gap between the bars of one category, in px. */
const BAR_GAP = 2;

/** Vertical bars: categories along the bottom, values up the side, one or more series side by side. */
export function BarChart<T extends object>({
  data,
  dataKey,
  series,
  height,
  integer = false,
  valueLabel,
  withLegend = series.length > 1,
  maxBarWidth = 40,
  ordered = false,
}: BarChartProps<T>) {
  const [box, width] = useWidth<HTMLDivElement>(FALLBACK_WIDTH);
  const valueOf = (datum: T, name: string) => Number(field(datum, name)) || 0;
  const values = data.flatMap((datum) => series.map((one) => valueOf(datum, one.name)));
  // Bars stand on zero: an axis that started higher would make small counts look like none.
  const axis = niceAxis(Math.min(0, ...values), Math.max(0, ...values), { integer });
  const format = (value: number) => value.toLocaleString('en-GB');

  const left = valueAxisWidth(axis.ticks.map(format), valueLabel);
  const right = width - 4;
  const slot = (right - left) / Math.max(1, data.length);
  const labels = layoutCategoryLabels(
    data.map((datum) => String(field(datum, dataKey))),
    slot,
    { fontSize: FONT_SIZE, lineHeight: LINE_HEIGHT, ordered },
  );
  // Labels on more lines than one, or turned on their side, make the drawing taller, not the plot shorter.
  const drawingHeight = height + labels.depth - LINE_HEIGHT;
  const bottom = drawingHeight - categoryAxisHeight(labels);
  const y = linearScale(axis.domain, [bottom, TOP]);
  const barWidth = Math.max(
    1,
    Math.min(maxBarWidth, (slot * GROUP_SHARE - BAR_GAP * (series.length - 1)) / series.length),
  );
  const groupWidth = barWidth * series.length + BAR_GAP * (series.length - 1);
  const centre = (index: number) => left + (index + 0.5) * slot;

  return (
    <ChartFrame box={box} width={width} height={drawingHeight} legend={withLegend ? series : undefined}>
      {valueLabel && <ValueAxisTitle title={valueLabel} top={TOP} bottom={bottom} />}
      <ValueAxisY ticks={axis.ticks} y={y} left={left} right={right} format={format} />
      {data.map((datum, index) => (
        <g key={index}>
          {series.map((one, number) => {
            const value = valueOf(datum, one.name);
            const top = Math.min(y(value), y(0));
            return (
              <rect
                key={one.name}
                data-series={one.name}
                x={centre(index) - groupWidth / 2 + number * (barWidth + BAR_GAP)}
                y={top}
                width={barWidth}
                height={Math.abs(y(value) - y(0))}
                style={{ fill: cssColour(one.color) }}
              />
            );
          })}
        </g>
      ))}
      <line className={classes.baseline} x1={left} x2={right} y1={y(0)} y2={y(0)} />
      <CategoryAxisX labels={labels} x={centre} plotBottom={bottom} width={width} />
    </ChartFrame>
  );
}
