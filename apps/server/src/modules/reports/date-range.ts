/**
 * The `start` / `end` query fields of reports as one half-open interval [from, until). Both ends are inclusive as
 * the contracts say: a bare date means that whole day (UTC), a date-time that instant.
 */
import { BOOK_PERFORMANCE_DEFAULT_YEARS } from '@readalong/contracts';
import { invalidField } from '../../domain/errors.js';

export interface DateRangeQuery {
  start?: string | undefined;
  end?: string | undefined;
}

export interface Interval {
  from: Date;
  until: Date;
}

const DAY_MS = 86_400_000;
const isBareDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Midnight (UTC) starting the day of `date`. */
export const startOfDay = (date: Date) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

/**
 * The last instant a query may name (I3): the end of 9999-12-31 less a millisecond. A later one, the end of
 * 9999-12-31 (`+010000-01-01` as JavaScript writes it) or a date-time whose offset carries it past, is not a
 * timestamp PostgreSQL reads, and no record can be that late, so an interval stops there.
 */
export const LATEST_INSTANT = new Date(Date.UTC(9999, 11, 31, 23, 59, 59, 999));
const latest = (date: Date) => (date > LATEST_INSTANT ? LATEST_INSTANT : date);

/**
 * An interval as queries may use it (I3): both ends no later than LATEST_INSTANT. Nothing is lost, no record being
 * that late; an interval wholly past it is empty.
 */
export const storable = ({ from, until }: Interval): Interval => ({
  from: latest(from),
  until: latest(until),
});

const startOf = (value: string) => new Date(isBareDate(value) ? `${value}T00:00:00Z` : value);
const endOf = (value: string) =>
  isBareDate(value) ? new Date(Date.parse(`${value}T00:00:00Z`) + DAY_MS) : new Date(Date.parse(value) + 1);

/**
 * The interval asked for; a missing end is the end of today, a missing start `defaultYears` before today
 * (P7: student reports default to the last 5 years up to today). 400 naming `query.end` when it is
 * before the start.
 */
export function reportInterval(
  query: DateRangeQuery,
  now: Date,
  defaultYears = BOOK_PERFORMANCE_DEFAULT_YEARS,
): Interval {
  const today = startOfDay(now);
  const until = query.end !== undefined ? endOf(query.end) : new Date(today.getTime() + DAY_MS);
  const yearsAgo = new Date(today);
  yearsAgo.setUTCFullYear(today.getUTCFullYear() - defaultYears);
  const from = query.start !== undefined ? startOf(query.start) : yearsAgo;
  if (until <= from) throw invalidField('query.end', 'must not be before start');
  return storable({ from, until });
}

/** Like reportInterval, but an omitted end stays open and an omitted start means from the beginning. */
export function optionalInterval(query: DateRangeQuery): Partial<Interval> {
  const from = query.start !== undefined ? startOf(query.start) : undefined;
  const until = query.end !== undefined ? endOf(query.end) : undefined;
  if (from && until && until <= from) throw invalidField('query.end', 'must not be before start');
  return { from: from && latest(from), until: until && latest(until) };
}

/** The first and last UTC day (YYYY-MM-DD) with any activity of whom a call is about; null when there is none. */
export interface ActiveDays {
  first: string | null;
  last: string | null;
}

/**
 * I6: a call that lists a range day by day takes at most `maxDays` of them. A longer range is first narrowed to the
 * days activity can be on, from the first day with any (of whom the call is about) to the later of today and the
 * last (today alone when there is none), so "all time" is answered; `activeDays` is read only when needed. A range
 * holding none of them lists no day. Still longer, a 400 naming `query.start` in plain words.
 */
export async function limitDays(
  interval: Interval,
  maxDays: number,
  now: Date,
  activeDays: () => Promise<ActiveDays>,
): Promise<Interval> {
  if (dayCount(interval) <= maxDays) return interval;
  const { first, last } = await activeDays();
  const today = startOfDay(now).getTime();
  const tomorrow = today + DAY_MS;
  const from = Math.max(interval.from.getTime(), first === null ? today : Date.parse(`${first}T00:00:00Z`));
  const until = Math.min(
    interval.until.getTime(),
    last === null ? tomorrow : Math.max(tomorrow, Date.parse(`${last}T00:00:00Z`) + DAY_MS),
  );
  if (until <= from) {
    const none = startOfDay(new Date(until));
    return { from: none, until: none };
  }
  const narrowed = { from: new Date(from), until: new Date(until) };
  if (dayCount(narrowed) > maxDays)
    throw invalidField('query.start', `must be at most ${maxDays} days before the end: pick a shorter time`);
  return narrowed;
}

/** How many calendar days (UTC) an interval touches, counted without listing them (I6: a range may span millennia). */
export function dayCount({ from, until }: Interval): number {
  return Math.ceil((until.getTime() - startOfDay(from).getTime()) / DAY_MS);
}

/** Every calendar day (UTC, YYYY-MM-DD) of an interval, in order. */
export function daysOf({ from, until }: Interval): string[] {
  const days: string[] = [];
  for (let day = startOfDay(from).getTime(); day < until.getTime(); day += DAY_MS) {
    days.push(new Date(day).toISOString().slice(0, 10));
  }
  return days;
}
