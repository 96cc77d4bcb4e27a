import { BOOK_PERFORMANCE_DEFAULT_YEARS } from '@readalong/contracts';

/** A date range as the progress calls take it: both ends inclusive, as YYYY-MM-DD. */
export interface DateRange {
  start: string;
  end: string;
}

export const RANGE_CHOICES = [
  // Short, so the four fit side by side on a phone.
  { value: 'month', label: '1 month' },
  { value: 'quarter', label: '3 months' },
  { value: 'year', label: '1 year' },
  { value: 'all', label: 'All time' },
] as const;

export type RangeChoice = (typeof RANGE_CHOICES)[number]['value'];

/** How many months back each choice reaches; "all time" is the default book-performance range (docs/rules.md P7). */
const MONTHS_BACK: Record<RangeChoice, number> = {
  month: 1,
  quarter: 3,
  year: 12,
  all: BOOK_PERFORMANCE_DEFAULT_YEARS * 12,
};

const calendarDate = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The dates a choice covers, ending today (in the student's own time zone). */
export function rangeOf(choice: RangeChoice, today: Date = new Date()): DateRange {
  const start = new Date(today.getFullYear(), today.getMonth() - MONTHS_BACK[choice], today.getDate() + 1);
  return { start: calendarDate(start), end: calendarDate(today) };
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * A range as consecutive pieces of at most `maxDays` days, in order, together covering it exactly (docs/rules.md I6:
 * a call that lists a range day by day answers at most so many at once). Counted on calendar dates, so a
 * daylight-saving change moves nothing.
 */
export function piecesOf(range: DateRange, maxDays: number): DateRange[] {
  const pieces: DateRange[] = [];
  const last = dayNumber(range.end);
  for (let first = dayNumber(range.start); first <= last; first += maxDays)
    pieces.push({ start: dateOf(first), end: dateOf(Math.min(first + maxDays - 1, last)) });
  return pieces;
}
