import { ACTIVITY_MAX_DAYS } from '@readalong/contracts';
import { describe, expect, it } from 'vitest';
import { piecesOf, rangeOf, RANGE_CHOICES } from './date-range';

const DAY_MS = 86_400_000;
const daysFrom = (start: string, end: string) => (Date.parse(end) - Date.parse(start)) / DAY_MS + 1;

describe('the times My progress asks for (docs/rules.md C19, I6)', () => {
  it('cuts "All time" into pieces the server lists at once, one after another, covering it exactly', () => {
    const range = rangeOf('all', new Date(2026, 8, 15, 12));
    expect(range).toEqual({ start: '2021-09-16', end: '2026-09-15' });
    const pieces = piecesOf(range, ACTIVITY_MAX_DAYS);
    expect(pieces).toHaveLength(5);
    expect(pieces[0]!.start).toBe(range.start);
    expect(pieces.at(-1)!.end).toBe(range.end);
    for (const [index, piece] of pieces.entries()) {
      expect(daysFrom(piece.start, piece.end)).toBeLessThanOrEqual(ACTIVITY_MAX_DAYS);
      if (index > 0) expect(daysFrom(pieces[index - 1]!.end, piece.start)).toBe(2);
    }
    expect(pieces.reduce((sum, piece) => sum + daysFrom(piece.start, piece.end), 0)).toBe(
      daysFrom(range.start, range.end),
    );
  });

  it('asks once for every shorter time, whole, across a daylight-saving change too', () => {
    const today = new Date(2026, 2, 30, 12); // after Europe's and North America's spring changes
    for (const { value } of RANGE_CHOICES.filter((choice) => choice.value !== 'all')) {
      const range = rangeOf(value, today);
      expect(piecesOf(range, ACTIVITY_MAX_DAYS), value).toEqual([range]);
    }
    expect(piecesOf({ start: '2026-03-01', end: '2026-04-15' }, 31)).toEqual([
      { start: '2026-03-01', end: '2026-03-31' },
      { start: '2026-04-01', end: '2026-04-15' },
    ]);
  });
});
