import { describe, expect, it } from 'vitest';
import { friendlyDay, longDay, onDay } from './dates';

describe('dates as a child reads them', () => {
  const now = new Date(2026, 11, 6, 9, 30);

  it('says today and yesterday in words, other days as day and month, with the year only when not this year', () => {
    expect(friendlyDay(new Date(2026, 11, 6, 7).toISOString(), now)).toBe('Today');
    expect(friendlyDay(new Date(2026, 11, 5, 23).toISOString(), now)).toBe('Yesterday');
    expect(friendlyDay(new Date(2026, 11, 3, 12).toISOString(), now)).toBe('3 Dec');
    expect(friendlyDay(new Date(2025, 10, 28, 12).toISOString(), now)).toBe('28 Nov 2025');
  });

  it('puts the day inside a sentence', () => {
    expect(onDay(new Date(2026, 11, 6, 7).toISOString(), now)).toBe('today');
    expect(onDay(new Date(2026, 11, 3, 12).toISOString(), now)).toBe('on 3 Dec');
  });

  it('writes a calendar date with its weekday', () => {
    expect(longDay('2026-12-05')).toBe('Saturday 5 December');
  });
});
