import type { Alert } from '@readalong/contracts';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import type { SchoolScope } from '@/shared/school-scope/school-scope';

export type StaffAlert = z.infer<typeof Alert>;

export const ALERTS_PAGE_SIZE = 20;

export interface AlertFilters {
  classId?: number | undefined;
  studentId?: number | undefined;
  /** Comma-separated alert type ids; empty for every type. */
  types: string;
  /** Inclusive days, YYYY-MM-DD. */
  start?: string | undefined;
  end?: string | undefined;
}

/**
 * The alerts of the students in the caller's scope, newest first, a page at a time (docs/rules.md P1, C40): a new
 * filter starts again from page 0 and replaces the list; "Show more" appends the next page. A department head's
 * are those of the school picked in the frame (C28).
 */
export const useStaffAlerts = (filters: AlertFilters, scope: SchoolScope) =>
  useInfiniteQuery({
    queryKey: ['staff', 'alerts', filters, scope],
    queryFn: ({ pageParam }) =>
      api('getAlerts', {
        query: {
          ...scope,
          ...(filters.classId !== undefined && { class_id: filters.classId }),
          ...(filters.studentId !== undefined && { student_id: filters.studentId }),
          ...(filters.types && { types: filters.types }),
          ...(filters.start && { start: filters.start }),
          ...(filters.end && { end: filters.end }),
          page: pageParam,
          limit: ALERTS_PAGE_SIZE,
        },
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });

/** One class's students, for the student filter (at most a page of 100, a class's size). */
export const useClassStudents = (classId: number | undefined) =>
  useQuery({
    queryKey: ['students', { class_id: classId }],
    queryFn: async () => (await api('listStudents', { query: { class_id: classId!, limit: 100 } })).students,
    enabled: classId !== undefined,
  });

/**
 * Marks every alert in the caller's scope seen (SPEC's alerts screen; C40), a department head's of the picked school
 * alone (C28). A failure is silent: they stay new.
 */
export const useMarkAllAlertsSeen = () =>
  useMutation({ mutationFn: (scope: SchoolScope) => api('markAlertsViewed', { body: scope }) });
