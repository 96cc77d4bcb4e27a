/**
 * The formats, made once: `toLocaleDateString` with options builds a new Intl.DateTimeFormat at every call, a few
 * milliseconds each, which home's news list paid once per item as it rendered (docs/rules.md B11).
 */
const DAY_MONTH = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });
const DAY_MONTH_YEAR = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const WEEKDAY_DAY_MONTH = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});

/** Dates as a child reads them: "Today", "Yesterday", else "3 Dec" (with the year when it is not this year). */
export function friendlyDay(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const startOfDay = (day: Date) => new Date(day.getFullYear(), day.getMonth(), day.getDate()).getTime();
  const daysAgo = Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000);
  if (daysAgo === 0) return 'Today';
  if (daysAgo === 1) return 'Yesterday';
  return (date.getFullYear() === now.getFullYear() ? DAY_MONTH : DAY_MONTH_YEAR).format(date);
}

/** The day inside a sentence: "today", "yesterday" or "on 3 Dec" ("Finished on 3 Dec"). */
export function onDay(iso: string, now: Date = new Date()): string {
  const day = friendlyDay(iso, now);
  return day === 'Today' || day === 'Yesterday' ? day.toLowerCase() : `on ${day}`;
}

/** A calendar date (YYYY-MM-DD) in words: "Friday 5 December". */
export function longDay(calendarDate: string): string {
  // Noon keeps the day the same in every time zone.
  return WEEKDAY_DAY_MONTH.format(new Date(`${calendarDate}T12:00:00`));
}
