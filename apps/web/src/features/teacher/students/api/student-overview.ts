import type { StudentOverviewRow } from '@readalong/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import type { SchoolScope } from '@/shared/school-scope/school-scope';

export type StudentOverview = z.infer<typeof StudentOverviewRow>;

/**
 * Every student of the caller's classes (their scope; a department head's picked school, docs/rules.md C28) over the
 * server's default period, the last 30 days (P13).
 */
export const useStudentOverview = (scope: SchoolScope) =>
  useQuery({
    queryKey: ['teacher', 'student-reading-overview', scope],
    queryFn: async () => (await api('getStudentReadingOverview', { query: scope })).students,
  });
