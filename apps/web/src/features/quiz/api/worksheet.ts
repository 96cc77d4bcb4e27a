import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The signed-in student's worksheet for a passage, started if need be (the call starts or resumes, so asking again
 * is harmless). Rate builders have worksheets of their own.
 */
export const useStudentWorksheet = (passageId: number, kind: 'passage' | 'rate-builder' = 'passage') =>
  useQuery({
    queryKey: ['passages', passageId, 'worksheet', kind],
    queryFn: () =>
      api(kind === 'passage' ? 'startWorksheet' : 'startRateBuilder', {
        params: { id: passageId },
        body: {},
      }),
    staleTime: Infinity,
  });
