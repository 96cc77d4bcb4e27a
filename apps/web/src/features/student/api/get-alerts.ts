import { STUDENT_ALERT_TYPES, type Alert } from '@readalong/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type StudentAlert = z.infer<typeof Alert>;

export const ALERTS_PAGE_SIZE = 5;

/**
 * The student's alerts, newest first, a page at a time (docs/rules.md P1, C18): the first page replaces the list, each later
 * page is appended to it. That is TanStack Query's infinite query, so refetching starts again from page 0.
 */
export const alertsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['students', 'alerts', { types: STUDENT_ALERT_TYPES }],
    queryFn: ({ pageParam }) =>
      api('getAlerts', {
        query: { types: STUDENT_ALERT_TYPES.join(','), page: pageParam, limit: ALERTS_PAGE_SIZE },
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });

export const useAlerts = () => useInfiniteQuery(alertsQueryOptions());
