import classes from './charts.module.css';
import { ChartFrame, FALLBACK_WIDTH, FONT_SIZE, LINE_HEIGHT, type ReferenceLine } from './parts';
import { cssColour, linearScale, shownLabels, textWidth, ticksWithin, wrapText } from './scale';
import { useWidth } from './use-width';

export interface HorizontalBar {
  name: string;
  value: number;
  /** "teal.8" or any CSS colour. */
  color: string;
}

export interface HorizontalBarChartProps {
  /** Top to bottom. */
  bars: readonly HorizontalBar[];
  /** The values at the axis's two ends (0 and 100 for percentages). */
  domain: readonly [number, number];
  /** The values gridlines mark; round ones inside the domain by default. */
  ticks?: readonly number[];
  /** How a value is written, on the axis and at a bar's end ("85%"). */
  format?: (value: number) => string;
  /** Upright lines at a value (the pass mark), labelled above the bars. */
  referenceLines?: readonly ReferenceLine[];
  /** How thick a bar is, in px. */
  barHeight?: number;
}

/** Room between a name's end and its bar, and between a bar's end and its value. */
const PAD = 8;
/** Under the bars: the axis's values. */
const AXIS_HEIGHT = LINE_HEIGHT + 12;

/**
 * Named bars lying down, each with its value at its end: the names (a book's title, a skill) get a column on the
 * left of about a third of the width, wrapped onto as many lines as they need, and every row is as tall as the
 * tallest name, so the bars stay evenly spaced. The drawing's height follows from its rows.
 */
export function HorizontalBarChart({
  bars,
  domain,
  ticks,
  format = String,
  referenceLines = [],
  barHeight = 28,
}: HorizontalBarChartProps) {
  const [box, width] = useWidth<HTMLDivElement>(FALLBACK_WIDTH);
  const nameWidth = Math.round(Math.min(220, Math.max(96, width * 0.34)));
  const names = bars.map((bar) => wrapText(bar.name, nameWidth - PAD - 2, FONT_SIZE));
  // Rows as tall as the tallest name, and at least a bar and a clear gap: bars that touch read as one block.
  const rowHeight = Math.max(barHeight + 16, ...names.map((lines) => lines.length * LINE_HEIGHT + 10));

  // Room right of the longest bar for its value, and above the bars for a reference line's label.
  const valueRoom = Math.ceil(textWidth(format(domain[1]), FONT_SIZE)) + PAD + 2;
  const top = referenceLines.some((line) => line.label) ? LINE_HEIGHT + 8 : 6;
  const bottom = top + bars.length * rowHeight;
  const height = bottom + AXIS_HEIGHT;
  const left = nameWidth;
  const right = width - valueRoom;
  const x = linearScale(domain, [left, right]);
  const clamp = (value: number) => Math.min(Math.max(value, domain[0]), domain[1]);
  const gridlines = ticks ?? ticksWithin(domain, { count: 4 });
  // Every gridline, but on a phone only some of their values ("0%, 50%, 100%"): five would run together.
  const labelled = new Set(
    shownLabels(
      gridlines.length,
      (right - left) / Math.max(1, gridlines.length - 1),
      Math.max(...gridlines.map((tick) => textWidth(format(tick), FONT_SIZE))) + 10,
    ).map((index) => gridlines[index]),
  );

  return (
    <ChartFrame box={box} width={width} height={height}>
      {gridlines.map((tick) => (
        <g key={tick}>
          <line className={classes.grid} x1={x(tick)} x2={x(tick)} y1={top} y2={bottom} />
          {labelled.has(tick) && (
            <text className={classes.tick} x={x(tick)} y={bottom + 6} dy="0.9em" textAnchor="middle">
              {format(tick)}
            </text>
          )}
        </g>
      ))}
      {bars.map((bar, index) => {
        const middle = top + (index + 0.5) * rowHeight;
        const end = x(clamp(bar.value));
        const lines = names[index]!;
        return (
          <g key={index}>
            <text className={classes.tick} textAnchor="end">
              {lines.map((line, number) => (
                <tspan
                  key={number}
                  x={left - PAD}
                  y={middle + (number - (lines.length - 1) / 2) * LINE_HEIGHT}
                  dy="0.35em"
                >
                  {line}
                </tspan>
              ))}
            </text>
            <rect
              data-bar={bar.name}
              x={left}
              y={middle - barHeight / 2}
              width={Math.max(0, end - left)}
              height={barHeight}
              style={{ fill: cssColour(bar.color) }}
            />
            <text className={classes.label} x={end + 4} y={middle} dy="0.35em">
              {format(bar.value)}
            </text>
          </g>
        );
      })}
      <line className={classes.baseline} x1={left} x2={left} y1={top} y2={bottom} />
      {referenceLines.map((line) => (
        <g key={line.value}>
          <line
            x1={x(line.value)}
            x2={x(line.value)}
            y1={top - 4}
            y2={bottom}
            strokeWidth={1.5}
            style={{ stroke: cssColour(line.color) }}
          />
          {line.label && (
            <text
              className={classes.label}
              x={x(line.value)}
              y={top - 8}
              textAnchor="middle"
              fontWeight={600}
            >
              {line.label}
            </text>
          )}
        </g>
      ))}
    </ChartFrame>
  );
}
