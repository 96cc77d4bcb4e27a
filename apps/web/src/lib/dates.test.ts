import { describe, expect, it } from 'vitest';
import {
  formatDay,
  formatDayTime,
  formatLongDay,
  formatMonth,
  formatShortDay,
  formatTime,
  formatWeekday,
  formatWeekdayTime,
} from './dates';

describe('dates, one style on every screen (C49)', () => {
  it('writes a day as "3 Mar 2026", whatever the browser’s own locale', () => {
    expect(formatDay('2026-03-03')).toBe('3 Mar 2026');
    expect(formatShortDay('2026-03-03')).toBe('3 Mar');
    expect(formatWeekday('2026-03-03')).toBe('Tue 3 Mar');
    expect(formatLongDay('2026-12-05')).toBe('Saturday 5 December');
    expect(formatMonth('2026-03-01')).toBe('Mar 2026');
  });

  it('keeps a calendar date on its day in every time zone, and shows an instant on the device’s clock', () => {
    // Midnight UTC is the day before in California: a calendar date must not move.
    expect(formatDay('2027-01-01')).toBe('1 Jan 2027');
    const instant = new Date(2026, 2, 3, 14, 5);
    expect(formatTime(instant)).toBe('14:05');
    expect(formatDayTime(instant.toISOString())).toBe('3 Mar 2026, 14:05');
    expect(formatWeekdayTime(instant)).toBe('Tue 3 Mar, 14:05');
  });
});
