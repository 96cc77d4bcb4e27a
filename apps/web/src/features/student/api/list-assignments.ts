import type { Assignment } from '@readalong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** A book a teacher set for the student, with the student's own worksheet for it once started. */
export type StudentAssignment = z.infer<typeof Assignment>;

export const ASSIGNMENTS_KEY = ['worksheets', 'assignments'] as const;

/** Every assignment of the signed-in student's classes, newest first (GET /v1/worksheets/assignments). */
export const assignmentsQueryOptions = () =>
  queryOptions({
    queryKey: ASSIGNMENTS_KEY,
    queryFn: async () => (await api('listAssignments')).assignments,
  });

export const useAssignments = () => useQuery(assignmentsQueryOptions());
