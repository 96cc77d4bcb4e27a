import type { Recording } from '@readalong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import type { DateRange } from './date-range';

export type StudentRecording = z.infer<typeof Recording>;

/**
 * The signed-in student's goals, books and recordings (GET /v1/students/reading-overview), over a
 * date range or, without one, the server's default.
 */
export const readingOverviewQueryOptions = (range?: DateRange) =>
  queryOptions({
    queryKey: ['students', 'reading-overview', range ?? 'default'],
    queryFn: () => api('getReadingOverview', { query: { ...range } }),
  });

export const useReadingOverview = (range?: DateRange) => useQuery(readingOverviewQueryOptions(range));
