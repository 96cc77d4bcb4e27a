/**
 * The arithmetic behind our charts (components/charts/), kept apart from the drawing so it can be tested alone:
 * round ("nice") axis ticks, mapping values to pixels, and a rough measure of a label's width. SVG text does not
 * wrap or shrink, so a chart decides itself where each label goes and how much room it needs.
 */

/** The steps an axis counts in, times a power of ten: 1, 2, 2.5, 5 read easily; 2.5 never for whole numbers. */
const STEPS = [1, 2, 2.5, 5, 10];
const WHOLE_STEPS = [1, 2, 5, 10];

/** A round step that cuts `span` into about `count` parts; at least 1 for whole numbers (no "0.5 students"). */
export function niceStep(span: number, count: number, integer = false): number {
  if (!(span > 0)) return 1;
  const raw = span / Math.max(1, count);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const steps = integer && magnitude < 10 ? WHOLE_STEPS : STEPS;
  const step = steps.find((candidate) => candidate * magnitude >= raw * (1 - 1e-9))! * magnitude;
  return integer ? Math.max(1, Math.round(step)) : step;
}

/** `index` steps of `step`, rounded to the step's own decimals: 3 × 0.1 is 0.3, not 0.30000000000000004. */
function stepsOf(index: number, step: number): number {
  const decimals = Math.max(0, 1 - Math.floor(Math.log10(step)));
  return Number((index * step).toFixed(decimals));
}

/** The multiples of `step` from `from` to `to`. */
function multiples(from: number, to: number, step: number): number[] {
  const ticks: number[] = [];
  for (let index = Math.ceil(from / step - 1e-9); index <= Math.floor(to / step + 1e-9); index++)
    ticks.push(stepsOf(index, step));
  return ticks;
}

export interface Axis {
  /** The values at the axis's two ends. */
  domain: [number, number];
  /** The values a gridline and a label mark. */
  ticks: number[];
}

/**
 * An axis around the values from `min` to `max`, its ends pushed out to the nearest round ticks so the tallest bar
 * ends on a gridline rather than past the last one. A flat series (min = max) still gets an axis with room above.
 */
export function niceAxis(min: number, max: number, { count = 5, integer = false } = {}): Axis {
  let low = Math.min(min, max);
  let high = Math.max(min, max);
  if (low === high) {
    if (high === 0) high = integer ? 4 : 1;
    else if (low > 0) low = 0;
    else high = 0;
  }
  const step = niceStep(high - low, count, integer);
  const domain: [number, number] = [
    stepsOf(Math.floor(low / step + 1e-9), step),
    stepsOf(Math.ceil(high / step - 1e-9), step),
  ];
  return { domain, ticks: multiples(domain[0], domain[1], step) };
}

/** Round ticks inside a fixed `domain` (a chart that shows a set range, not its data's). */
export function ticksWithin(
  domain: readonly [number, number],
  { count = 5, integer = false } = {},
): number[] {
  const [low, high] = domain[0] <= domain[1] ? domain : [domain[1], domain[0]];
  return multiples(low, high, niceStep(high - low, count, integer));
}

/** A value → pixel function: `domain`'s ends land on `range`'s ends (a range may run downwards, as y does). */
export function linearScale(domain: readonly [number, number], range: readonly [number, number]) {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0 || 1;
  return (value: number) => r0 + ((value - d0) / span) * (r1 - r0);
}

/**
 * Roughly how wide `text` is drawn at `fontSize` px, erring wide: measured against DejaVu Sans, the widest of the
 * sans-serif fonts our `system-ui` stack falls back to, so a label placed by it never runs into its neighbour.
 */
export function textWidth(text: string, fontSize: number): number {
  let ems = 0;
  for (const char of text) {
    if (/[\s.,:;'’|!ijlftrI()[\]]/.test(char)) ems += 0.34;
    else if (/[mwMW%@—]/.test(char)) ems += 0.95;
    else if (/[A-Z]/.test(char)) ems += 0.78;
    else if (/[0-9]/.test(char)) ems += 0.64;
    else ems += 0.62;
  }
  return ems * fontSize;
}

/**
 * `text` broken into lines no wider than `maxWidth` at `fontSize`, between words; a word too long for a line on its
 * own is cut, so no line is ever wider than the room it has.
 */
export function wrapText(text: string, maxWidth: number, fontSize: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (textWidth(joined, fontSize) <= maxWidth) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    // A word wider than the room: cut it where it fills a line.
    while (textWidth(line, fontSize) > maxWidth && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && textWidth(line.slice(0, cut), fontSize) > maxWidth) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Which of `count` evenly spaced category labels to show when each needs `labelWidth` px and gets `slotWidth`:
 * every one if they fit, else every n-th, always the first and the last (the range's ends) and none too close to the
 * last to be read apart from it.
 */
export function shownLabels(count: number, slotWidth: number, labelWidth: number): number[] {
  const all = Array.from({ length: count }, (_, index) => index);
  if (count <= 2 || labelWidth <= slotWidth) return all;
  const every = Math.ceil(labelWidth / Math.max(1, slotWidth));
  const last = count - 1;
  if (every >= last) return [0, last];
  return [...all.filter((index) => index % every === 0 && last - index >= every), last];
}

/**
 * A colour as CSS: Mantine's "indigo.6" becomes its theme variable, `var(--mantine-color-indigo-6)`, so charts use
 * the theme's shades as the rest of the app does; anything else (a band's own "#2E9E44") is used as it is.
 */
export function cssColour(colour: string): string {
  const theme = /^([a-z]+)\.(\d)$/.exec(colour);
  return theme ? `var(--mantine-color-${theme[1]}-${theme[2]})` : colour;
}

/** The most a name turned on its side may take under a chart, in px; a longer one is cut short with "…". */
const MAX_TURNED_WIDTH = 110;

/** `text` cut short with "…" to fit `maxWidth`, whole if it fits. */
export function shorten(text: string, maxWidth: number, fontSize: number): string {
  if (textWidth(text, fontSize) <= maxWidth) return text;
  let cut = text.length;
  while (cut > 1 && textWidth(`${text.slice(0, cut).trimEnd()}…`, fontSize) > maxWidth) cut--;
  return `${text.slice(0, cut).trimEnd()}…`;
}

export interface CategoryLabels {
  /** Each category's label as lines of text, or null where it is left out for room. */
  lines: (string[] | null)[];
  /** Turned on their side (reading upwards), one line each. */
  turned: boolean;
  /** How far the labels reach below their top, in px: their lines' height, or the longest turned one's width. */
  depth: number;
}

/**
 * How the labels under evenly spaced categories fit in `slotWidth` px each. On one line if they can; else, for
 * names (levels, reasons), wrapped onto two lines between words or, failing that, turned on their side, so every
 * bar keeps its name. Categories `ordered` (days, weeks, ranges of speed) keep one line and show every n-th label
 * instead, where the reader counts along from the ones shown; so do names when even turned they would not fit.
 */
export function layoutCategoryLabels(
  labels: readonly string[],
  slotWidth: number,
  { fontSize, lineHeight, ordered = false }: { fontSize: number; lineHeight: number; ordered?: boolean },
): CategoryLabels {
  const room = slotWidth - 6;
  const widest = Math.max(0, ...labels.map((label) => textWidth(label, fontSize)));
  const oneLine = (lines: (string[] | null)[]) => ({ lines, turned: false, depth: lineHeight });
  if (widest <= room) return oneLine(labels.map((label) => [label]));
  if (!ordered) {
    const wrapped = labels.map((label) => wrapText(label, room, fontSize));
    const wordsFit = labels.every((label) =>
      label.split(/\s+/).every((word) => textWidth(word, fontSize) <= room),
    );
    if (wordsFit && wrapped.every((lines) => lines.length <= 2))
      return {
        lines: wrapped,
        turned: false,
        depth: Math.max(...wrapped.map((lines) => lines.length)) * lineHeight,
      };
    if (slotWidth >= lineHeight + 2) {
      const turned = labels.map((label) => [shorten(label, MAX_TURNED_WIDTH, fontSize)]);
      return {
        lines: turned,
        turned: true,
        depth: Math.ceil(Math.max(...turned.map(([line]) => textWidth(line!, fontSize)))),
      };
    }
  }
  const shown = new Set(shownLabels(labels.length, slotWidth, widest + 12));
  return oneLine(labels.map((label, index) => (shown.has(index) ? [label] : null)));
}
