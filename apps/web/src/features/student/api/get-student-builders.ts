import type { StudentBuilder as StudentBuilderSchema } from '@readalong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useStudentId } from './use-student-id';

/** A skill or rate builder of the student: assigned, suggested, started or done. */
export type StudentBuilder = z.infer<typeof StudentBuilderSchema>;

/** The student's skill builders (GET /v1/students/{id}/skill-builders, with their own id). */
export const skillBuildersQueryOptions = (studentId: number) =>
  queryOptions({
    queryKey: ['students', studentId, 'skill-builders'],
    queryFn: async () => (await api('getStudentSkillBuilders', { params: { id: studentId } })).skill_builders,
  });

/** The student's rate builders with the speed reached (GET /v1/students/{id}/rate-builders). */
export const rateBuildersQueryOptions = (studentId: number) =>
  queryOptions({
    queryKey: ['students', studentId, 'rate-builders'],
    queryFn: async () => (await api('getStudentRateBuilders', { params: { id: studentId } })).rate_builders,
  });

export function useSkillBuilders() {
  const studentId = useStudentId();
  return useQuery({ ...skillBuildersQueryOptions(studentId ?? 0), enabled: studentId !== null });
}

export function useRateBuilders() {
  const studentId = useStudentId();
  return useQuery({ ...rateBuildersQueryOptions(studentId ?? 0), enabled: studentId !== null });
}
