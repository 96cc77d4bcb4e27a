import type { StudentOverviewRow } from '@readalong/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type StudentOverview = z.infer<typeof StudentOverviewRow>;

/** Every student of the caller's classes (their scope) over the server's default period, the last 30 days (P13). */
export const useStudentOverview = () =>
  useQuery({
    queryKey: ['teacher', 'student-reading-overview'],
    queryFn: async () => (await api('getStudentReadingOverview')).students,
  });
