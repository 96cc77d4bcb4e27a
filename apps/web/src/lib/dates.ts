/**
 * Dates and times as every screen writes them (docs/rules.md C49): one locale, the app's English, whatever the
 * browser's, so a date reads the same on every screen and on paper; "3 Mar 2026", "3 Mar", "Mar 2026", "14:05".
 * A value is an instant (ISO date-time, shown on the device's clock) or a calendar date (`YYYY-MM-DD`, shown as that
 * day wherever the device is). The formats are made once: building one costs a few milliseconds (B11).
 */
export const DATE_LOCALE = 'en-GB';

type Value = string | Date;
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A format for instants and its twin for calendar dates, which are read as UTC midnight and shown in UTC. */
function format(options: Intl.DateTimeFormatOptions) {
  const instant = new Intl.DateTimeFormat(DATE_LOCALE, options);
  const calendar = new Intl.DateTimeFormat(DATE_LOCALE, { ...options, timeZone: 'UTC' });
  return (value: Value) =>
    typeof value === 'string' && CALENDAR_DATE.test(value)
      ? calendar.format(new Date(`${value}T00:00:00Z`))
      : instant.format(new Date(value));
}

/** "3 Mar 2026": a day, with its year. */
export const formatDay = format({ day: 'numeric', month: 'short', year: 'numeric' });
/** "3 Mar": a day of a short span (a chart's axis, this week's list). */
export const formatShortDay = format({ day: 'numeric', month: 'short' });
/** "Tue 3 Mar": a day of the last week or two, where its weekday helps. */
export const formatWeekday = format({ weekday: 'short', day: 'numeric', month: 'short' });
/** "Friday 5 December": a day in words, for a child. */
export const formatLongDay = format({ weekday: 'long', day: 'numeric', month: 'long' });
/** "Mar 2026": a month. */
export const formatMonth = format({ month: 'short', year: 'numeric' });
/** "14:05": a time of day, on a 24-hour clock. */
export const formatTime = format({ hour: '2-digit', minute: '2-digit' });
/** "3 Mar 2026, 14:05": an instant. */
export const formatDayTime = format({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
/** "Tue 3 Mar, 14:05": an instant of the last week or two. */
export const formatWeekdayTime = format({
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
