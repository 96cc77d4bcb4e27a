import type { BookResult } from '@readalong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import type { DateRange } from './date-range';
import { useStudentId } from './use-student-id';

export type BookPerformance = z.infer<typeof BookResult>;

/** Enough for any child's range on one page; the screen says so when there are more. */
export const BOOK_PERFORMANCE_LIMIT = 100;

/** The student's finished books with their scores, newest first (GET /v1/students/{id}/book-performance). */
export const bookPerformanceQueryOptions = (studentId: number, range: DateRange) =>
  queryOptions({
    queryKey: ['students', studentId, 'book-performance', range],
    queryFn: () =>
      api('getBookPerformance', {
        params: { id: studentId },
        query: { ...range, page: 0, limit: BOOK_PERFORMANCE_LIMIT },
      }),
  });

export function useBookPerformance(range: DateRange) {
  const studentId = useStudentId();
  return useQuery({ ...bookPerformanceQueryOptions(studentId ?? 0, range), enabled: studentId !== null });
}
