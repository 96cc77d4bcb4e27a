import { describe, expect, it } from 'vitest';
import { bucketActivity } from './activity-buckets';

const day = (date: string, minutes: number) => ({
  date,
  minutes_reading: minutes,
  pages_read: 2,
  books_completed: 0,
  quizzes_submitted: 0,
  recordings_submitted: 0,
});

describe('bucketActivity', () => {
  it('draws a month day by day, with a zero for each day without reading', () => {
    const buckets = bucketActivity([day('2030-03-03', 10.4)], 'month', {
      start: '2030-03-01',
      end: '2030-03-04',
    });
    expect(buckets.map((bucket) => [bucket.label, bucket.minutes])).toEqual([
      ['1 Mar', 0],
      ['2 Mar', 0],
      ['3 Mar', 10],
      ['4 Mar', 0],
    ]);
  });

  it('gathers three months into school weeks starting on Monday', () => {
    // 2030-03-04 is a Monday.
    const buckets = bucketActivity(
      [day('2030-03-05', 5), day('2030-03-10', 7), day('2030-03-11', 1)],
      'quarter',
      {
        start: '2030-03-04',
        end: '2030-03-12',
      },
    );
    expect(buckets).toEqual([
      { label: 'Week of 4 Mar', minutes: 12, pages: 4, books: 0 },
      { label: 'Week of 11 Mar', minutes: 1, pages: 2, books: 0 },
    ]);
  });

  it('starts "all time" at the first month with reading rather than years of empty bars', () => {
    const buckets = bucketActivity([day('2030-01-20', 5)], 'all', { start: '2025-03-13', end: '2030-03-12' });
    expect(buckets.map((bucket) => bucket.label)).toEqual(['Jan 2030', 'Feb 2030', 'Mar 2030']);
  });
});
