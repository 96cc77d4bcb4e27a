import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The marks on a recording and the last word read: the teacher's to edit, the student's to see. */
export const mistakesQueryOptions = (recordingId: number) =>
  queryOptions({
    queryKey: ['recordings', recordingId, 'mistakes'],
    queryFn: () => api('getMistakes', { params: { id: recordingId } }),
  });
