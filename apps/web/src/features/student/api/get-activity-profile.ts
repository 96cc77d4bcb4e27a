import { ACTIVITY_MAX_DAYS, type Contracts, type Response } from '@readalong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { piecesOf, type DateRange } from './date-range';

type ActivityProfile = Response<Contracts['getActivityProfile']>;
type Totals = ActivityProfile['totals'];

const COUNTS = [
  'minutes_reading',
  'pages_read',
  'books_completed',
  'quizzes_submitted',
  'recordings_submitted',
] as const satisfies readonly (keyof Totals)[];

/** Pieces of one range as one profile: their days in order, their totals summed (minutes to a tenth, as sent). */
export function joinProfiles(pieces: readonly ActivityProfile[]): ActivityProfile {
  const totals = Object.fromEntries(
    COUNTS.map((key) => [key, pieces.reduce((sum, piece) => sum + piece.totals[key], 0)]),
  ) as Totals;
  totals.minutes_reading = Math.round(totals.minutes_reading * 10) / 10;
  return { days: pieces.flatMap((piece) => piece.days), totals };
}

/**
 * The signed-in student's reading per day and in total (GET /v1/worksheets/activity-profile). A range longer than
 * the call answers at once ("All time") is asked for in pieces and joined (docs/rules.md I6), never refused.
 */
export const activityProfileQueryOptions = (range: DateRange) =>
  queryOptions({
    queryKey: ['worksheets', 'activity-profile', range],
    queryFn: async () =>
      joinProfiles(
        await Promise.all(
          piecesOf(range, ACTIVITY_MAX_DAYS).map((piece) => api('getActivityProfile', { query: piece })),
        ),
      ),
  });

export const useActivityProfile = (range: DateRange) => useQuery(activityProfileQueryOptions(range));
