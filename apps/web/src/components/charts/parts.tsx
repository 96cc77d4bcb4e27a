import type { ReactNode, Ref } from 'react';
import classes from './charts.module.css';
import { cssColour, textWidth, type CategoryLabels } from './scale';

/** The size of every chart's small text, in px: the layout maths (scale.ts) measures labels at it. */
export const FONT_SIZE = 12;
/** The distance between the lines of a wrapped label, in px. */
export const LINE_HEIGHT = 15;
/** The width a chart is drawn at before it is measured, and where nothing can be measured (tests in jsdom). */
export const FALLBACK_WIDTH = 640;

/** A datum's value under `key`: charts take any objects (a list of typed rows), reading only the keys named. */
export const field = (datum: object, key: string): unknown => (datum as Record<string, unknown>)[key];

/** One series of values: the data's key holding them, the name the legend shows, a colour ("indigo.6" or CSS). */
export interface Series {
  name: string;
  label?: string;
  color: string;
}

/** A line across the chart at a value (a pass mark, a goal), with an optional label. */
export interface ReferenceLine {
  value: number;
  color: string;
  label?: string;
}

/**
 * A chart's box: the legend (HTML, so it wraps on a phone), then the drawing. The SVG's user units are the box's
 * measured pixels, so text is drawn at its real size; `width="100%"` keeps it inside its box whatever happens
 * (printing, a resize not yet measured), where it scales rather than overflows.
 */
export function ChartFrame({
  box,
  width,
  height,
  legend,
  children,
}: {
  box: Ref<HTMLDivElement>;
  width: number;
  height: number;
  legend?: readonly Series[];
  children: ReactNode;
}) {
  return (
    <div ref={box} className={classes.chart}>
      {legend && (
        <ul className={classes.legend}>
          {legend.map((series) => (
            <li key={series.name} className={classes.legendItem}>
              <span className={classes.swatch} style={{ background: cssColour(series.color) }} />
              {series.label ?? series.name}
            </li>
          ))}
        </ul>
      )}
      <svg
        className={classes.svg}
        width="100%"
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        fontSize={FONT_SIZE}
      >
        {children}
      </svg>
    </div>
  );
}

/** Horizontal gridlines at `ticks`, each value written left of the plot, right-aligned. */
export function ValueAxisY({
  ticks,
  y,
  left,
  right,
  format,
}: {
  ticks: readonly number[];
  y: (value: number) => number;
  left: number;
  right: number;
  format: (value: number) => string;
}) {
  return (
    <g>
      {ticks.map((tick) => (
        <g key={tick}>
          <line className={classes.grid} x1={left} x2={right} y1={y(tick)} y2={y(tick)} />
          <text className={classes.tick} x={left - 8} y={y(tick)} dy="0.35em" textAnchor="end">
            {format(tick)}
          </text>
        </g>
      ))}
    </g>
  );
}

/** The width the value axis's labels need left of the plot, with room for its title turned on its side. */
export function valueAxisWidth(labels: readonly string[], title?: string): number {
  return (
    Math.ceil(Math.max(0, ...labels.map((label) => textWidth(label, FONT_SIZE)))) +
    12 +
    (title ? LINE_HEIGHT + 4 : 0)
  );
}

/** A value axis's title ("Minutes"), turned on its side at the chart's left edge, centred on the plot. */
export function ValueAxisTitle({ title, top, bottom }: { title: string; top: number; bottom: number }) {
  return (
    <text
      className={classes.tick}
      transform={`translate(${LINE_HEIGHT - 3} ${(top + bottom) / 2}) rotate(-90)`}
      textAnchor="middle"
    >
      {title}
    </text>
  );
}

/**
 * Between the plot's bottom and the categories' names: enough that a name at the left end, moved under the value
 * axis to stay in the drawing, clears the axis's "0".
 */
const CATEGORY_GAP = 9;

/** The height the categories' names take under the plot (scale.ts's `layoutCategoryLabels`). */
export const categoryAxisHeight = (labels: CategoryLabels) => CATEGORY_GAP + labels.depth + 4;

/**
 * The categories' names under the plot, each centred under its bar or point (scale.ts decides which are shown and
 * on how many lines); one at either end is moved in just enough to stay inside the drawing.
 */
export function CategoryAxisX({
  labels,
  x,
  plotBottom,
  width,
}: {
  labels: CategoryLabels;
  x: (index: number) => number;
  plotBottom: number;
  width: number;
}) {
  return (
    <g>
      {labels.lines.map((lines, index) => {
        if (!lines) return null;
        const top = plotBottom + CATEGORY_GAP;
        if (labels.turned)
          // Read upwards, its end under its bar: rotated about the point where it ends.
          return (
            <text
              key={index}
              className={classes.tick}
              transform={`translate(${x(index)} ${top}) rotate(-90)`}
              dy="0.35em"
              textAnchor="end"
            >
              {lines[0]}
            </text>
          );
        const half = Math.max(...lines.map((line) => textWidth(line, FONT_SIZE))) / 2;
        const centre = Math.min(Math.max(x(index), half + 1), width - half - 1);
        return (
          <text key={index} className={classes.tick} y={top} textAnchor="middle">
            {lines.map((line, number) => (
              <tspan key={number} x={centre} dy={number === 0 ? '0.9em' : LINE_HEIGHT}>
                {line}
              </tspan>
            ))}
          </text>
        );
      })}
    </g>
  );
}
