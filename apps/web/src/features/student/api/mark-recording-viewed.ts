import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The student has seen their teacher's feedback on a recording (docs/rules.md C24). The list on
 * screen keeps its New mark until the next visit; a failure is silent, the feedback is simply new again later.
 */
export const useMarkRecordingViewed = () =>
  useMutation({
    mutationFn: (recordingId: number) => api('markRecordingViewed', { params: { id: recordingId } }),
  });
