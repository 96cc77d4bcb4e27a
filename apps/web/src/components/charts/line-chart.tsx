import classes from './charts.module.css';
import {
  CategoryAxisX,
  categoryAxisHeight,
  ChartFrame,
  FALLBACK_WIDTH,
  FONT_SIZE,
  field,
  LINE_HEIGHT,
  ValueAxisY,
  valueAxisWidth,
  type ReferenceLine,
  type Series,
} from './parts';
import { cssColour, layoutCategoryLabels, linearScale, niceAxis, ticksWithin } from './scale';
import { useWidth } from './use-width';

/** A band of values shaded across the chart (a colour band's Lexile range), named inside its top-left corner. */
export interface ReferenceArea {
  from: number;
  to: number;
  color: string;
  label?: string;
  /** How strongly the band is shaded: pale, so the line and the labels on it stay clear. */
  opacity?: number;
}

export interface LineChartProps<T extends object> {
  /** One entry per point, in order: its name under `dataKey`, each series' value under the series' name. */
  data: readonly T[];
  dataKey: keyof T & string;
  series: readonly Series[];
  /** The drawing's height in px with one line of point names (the legend sits above). */
  height: number;
  /** `step`: a value holds until the next point (an estimate that moves at events), rather than sloping to it. */
  curve?: 'linear' | 'step';
  /** Written after each value on the axis ("L" for Lexile). */
  unit?: string;
  /** The values at the axis's ends; by default from zero (or the lowest value) to a round number past the highest. */
  valueDomain?: readonly [number, number];
  /** The values gridlines mark; round ones by default. */
  valueTicks?: readonly number[];
  strokeWidth?: number;
  /** A legend names the series; by default when there is more than one. */
  withLegend?: boolean;
  /** Lines across the chart at a value (a goal), labelled at their right end. */
  referenceLines?: readonly ReferenceLine[];
  referenceAreas?: readonly ReferenceArea[];
}

const TOP = 10;

/** The SVG path through `points`, straight from one to the next or, for `step`, level until the next one. */
export function linePath(points: readonly (readonly [number, number])[], curve: 'linear' | 'step'): string {
  return points
    .map(([x, y], index) => {
      if (index === 0) return `M${x},${y}`;
      return curve === 'step' ? `H${x}V${y}` : `L${x},${y}`;
    })
    .join('');
}

/**
 * Values over time as lines with a dot at each point: the points evenly spaced along the bottom (they are events
 * in order, not a calendar), values up the side; shaded areas behind, reference lines across.
 */
export function LineChart<T extends object>({
  data,
  dataKey,
  series,
  height,
  curve = 'linear',
  unit = '',
  valueDomain,
  valueTicks,
  strokeWidth = 2,
  withLegend = series.length > 1,
  referenceLines = [],
  referenceAreas = [],
}: LineChartProps<T>) {
  const [box, width] = useWidth<HTMLDivElement>(FALLBACK_WIDTH);
  const valueOf = (datum: T, name: string) => {
    const value = field(datum, name);
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  };
  const values = data.flatMap((datum) => series.map((one) => valueOf(datum, one.name) ?? 0));
  // A goal line is part of what the chart says: the axis reaches it even while the student is far below it.
  const extent = [...values, ...referenceLines.map((line) => line.value)];
  const axis = valueDomain
    ? { domain: valueDomain, ticks: valueTicks ?? ticksWithin(valueDomain) }
    : niceAxis(Math.min(0, ...extent), Math.max(...extent));
  const ticks = valueTicks ?? axis.ticks;
  const format = (value: number) => `${value.toLocaleString('en-GB')}${unit}`;

  const left = valueAxisWidth(ticks.map(format));
  const right = width - 6;
  const slot = (right - left) / Math.max(1, data.length);
  const labels = layoutCategoryLabels(
    data.map((datum) => String(field(datum, dataKey))),
    slot,
    { fontSize: FONT_SIZE, lineHeight: LINE_HEIGHT, ordered: true },
  );
  // Points are in time order: a crowded axis shows every n-th date on one line, never wrapped.
  const bottom = height - categoryAxisHeight(labels);
  const [low, high] = axis.domain;
  const y = linearScale(axis.domain, [bottom, TOP]);
  const clamp = (value: number) => Math.min(Math.max(value, low), high);
  const centre = (index: number) => left + (index + 0.5) * slot;

  return (
    <ChartFrame box={box} width={width} height={height} legend={withLegend ? series : undefined}>
      {referenceAreas.map((area) => {
        const areaTop = y(clamp(Math.max(area.from, area.to)));
        const areaHeight = y(clamp(Math.min(area.from, area.to))) - areaTop;
        if (areaHeight <= 0) return null;
        return (
          <g key={`${area.from}-${area.to}`}>
            <rect
              x={left}
              y={areaTop}
              width={right - left}
              height={areaHeight}
              style={{ fill: cssColour(area.color), fillOpacity: area.opacity ?? 0.18 }}
            />
            {/* Named only where the band is tall enough to hold its name. */}
            {area.label && areaHeight >= LINE_HEIGHT + 4 && (
              <text
                className={classes.label}
                x={left + 6}
                y={areaTop + 4}
                dy="0.9em"
                fontSize={13}
                fontWeight={600}
              >
                {area.label}
              </text>
            )}
          </g>
        );
      })}
      <ValueAxisY ticks={ticks} y={y} left={left} right={right} format={format} />
      <line className={classes.baseline} x1={left} x2={right} y1={bottom} y2={bottom} />
      {referenceLines.map((line) => (
        <g key={line.value}>
          <line
            x1={left}
            x2={right}
            y1={y(clamp(line.value))}
            y2={y(clamp(line.value))}
            strokeWidth={1.5}
            style={{ stroke: cssColour(line.color) }}
          />
          {line.label && (
            <text className={classes.label} x={right - 4} y={y(clamp(line.value)) - 5} textAnchor="end">
              {line.label}
            </text>
          )}
        </g>
      ))}
      {series.map((one) => {
        const points = data.flatMap((datum, index) => {
          const value = valueOf(datum, one.name);
          return value === null ? [] : [[centre(index), y(clamp(value))] as const];
        });
        const colour = cssColour(one.color);
        return (
          <g key={one.name} data-series={one.name}>
            <path
              d={linePath(points, curve)}
              fill="none"
              strokeWidth={strokeWidth}
              strokeLinejoin="round"
              style={{ stroke: colour }}
            />
            {points.map(([x, pointY], index) => (
              <circle
                key={index}
                cx={x}
                cy={pointY}
                r={strokeWidth + 1.5}
                stroke="white"
                strokeWidth={1.5}
                style={{ fill: colour }}
              />
            ))}
          </g>
        );
      })}
      <CategoryAxisX labels={labels} x={centre} plotBottom={bottom} width={width} />
    </ChartFrame>
  );
}
