import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { DateRange } from './date-range';

/** The signed-in student's reading per day and in total (GET /v1/worksheets/activity-profile). */
export const activityProfileQueryOptions = (range: DateRange) =>
  queryOptions({
    queryKey: ['worksheets', 'activity-profile', range],
    queryFn: () => api('getActivityProfile', { query: range }),
  });

export const useActivityProfile = (range: DateRange) => useQuery(activityProfileQueryOptions(range));
