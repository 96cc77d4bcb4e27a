import { formatDay, formatLongDay, formatShortDay } from '@/lib/dates';

/** Dates as a child reads them: "Today", "Yesterday", else "3 Dec" (with the year when it is not this year). */
export function friendlyDay(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const startOfDay = (day: Date) => new Date(day.getFullYear(), day.getMonth(), day.getDate()).getTime();
  const daysAgo = Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000);
  if (daysAgo === 0) return 'Today';
  if (daysAgo === 1) return 'Yesterday';
  return (date.getFullYear() === now.getFullYear() ? formatShortDay : formatDay)(date);
}

/** The day inside a sentence: "today", "yesterday" or "on 3 Dec" ("Finished on 3 Dec"). */
export function onDay(iso: string, now: Date = new Date()): string {
  const day = friendlyDay(iso, now);
  return day === 'Today' || day === 'Yesterday' ? day.toLowerCase() : `on ${day}`;
}

/** A calendar date (YYYY-MM-DD) in words: "Friday 5 December". */
export const longDay = (calendarDate: string): string => formatLongDay(calendarDate);
