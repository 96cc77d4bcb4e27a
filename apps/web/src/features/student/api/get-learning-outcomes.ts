import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { DateRange } from './date-range';
import { useStudentId } from './use-student-id';

/** The student's score per learning outcome (GET /v1/students/{id}/learning-outcome-performances). */
export const learningOutcomesQueryOptions = (studentId: number, range: DateRange) =>
  queryOptions({
    queryKey: ['students', studentId, 'learning-outcome-performances', range],
    queryFn: async () =>
      (await api('getStudentLearningOutcomePerformances', { params: { id: studentId }, query: range }))
        .learning_outcome_performances,
  });

export function useLearningOutcomes(range: DateRange) {
  const studentId = useStudentId();
  return useQuery({ ...learningOutcomesQueryOptions(studentId ?? 0, range), enabled: studentId !== null });
}

/** The learning-outcome taxonomy, for the names of the skills; it changes only with a release. */
export const topicsQueryOptions = () =>
  queryOptions({
    queryKey: ['static-data', 'topics'],
    queryFn: () => api('getTopics'),
    staleTime: Infinity,
  });

export const useTopics = () => useQuery(topicsQueryOptions());
