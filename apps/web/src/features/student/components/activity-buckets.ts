import type { ActivityDay } from '@readalong/contracts';
import type { z } from 'zod';
import type { DateRange, RangeChoice } from '../api/date-range';
import { formatMonth, formatShortDay } from '@/lib/dates';

type Day = z.infer<typeof ActivityDay>;

export interface ActivityBucket {
  /** The day, week or month, as a child reads it: "3 Mar", "Week of 3 Mar", "Mar 2030". */
  label: string;
  minutes: number;
  pages: number;
  books: number;
}

/** A month is drawn day by day, three months week by week, longer ranges month by month: about 12–31 bars. */
const STEP: Record<RangeChoice, 'day' | 'week' | 'month'> = {
  month: 'day',
  quarter: 'week',
  year: 'month',
  all: 'month',
};

const noon = (calendarDate: string) => new Date(`${calendarDate}T12:00:00`);
const dayLabel = formatShortDay;
const monthLabel = formatMonth;

function bucketStart(date: Date, step: 'day' | 'week' | 'month'): Date {
  if (step === 'month') return new Date(date.getFullYear(), date.getMonth(), 1, 12);
  if (step === 'week') {
    // Weeks start on Monday, as school weeks do.
    const back = (date.getDay() + 6) % 7;
    return new Date(date.getFullYear(), date.getMonth(), date.getDate() - back, 12);
  }
  return new Date(date.getFullYear(), date.getMonth(), date.getDate(), 12);
}

function nextStart(date: Date, step: 'day' | 'week' | 'month'): Date {
  if (step === 'month') return new Date(date.getFullYear(), date.getMonth() + 1, 1, 12);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + (step === 'week' ? 7 : 1), 12);
}

/**
 * The days of an activity profile gathered into bars for the chosen range, every bar of the range present (a day
 * without reading is a zero, not a gap). "All time" starts at the first month with reading, not five years back.
 */
export function bucketActivity(
  days: readonly Day[],
  choice: RangeChoice,
  range: DateRange,
): ActivityBucket[] {
  const step = STEP[choice];
  const firstRead = days
    .filter((day) => day.minutes_reading > 0 || day.pages_read > 0 || day.books_completed > 0)
    .map((day) => day.date)
    .sort()[0];
  const from = choice === 'all' && firstRead ? firstRead : range.start;
  const buckets = new Map<number, ActivityBucket>();
  for (let start = bucketStart(noon(from), step); start <= noon(range.end); start = nextStart(start, step)) {
    const label =
      step === 'month' ? monthLabel(start) : step === 'week' ? `Week of ${dayLabel(start)}` : dayLabel(start);
    buckets.set(start.getTime(), { label, minutes: 0, pages: 0, books: 0 });
  }
  for (const day of days) {
    const bucket = buckets.get(bucketStart(noon(day.date), step).getTime());
    if (!bucket) continue;
    bucket.minutes += day.minutes_reading;
    bucket.pages += day.pages_read;
    bucket.books += day.books_completed;
  }
  return [...buckets.values()].map((bucket) => ({ ...bucket, minutes: Math.round(bucket.minutes) }));
}
