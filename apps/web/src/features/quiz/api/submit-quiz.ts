import type { GradingRow } from '@readalong/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Submits a worksheet's quiz. The result changes the student's coins, level, books and alerts, so every cached
 * view of the student's reading is fetched again.
 */
export function useSubmitQuiz(worksheetId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (gradings: GradingRow[]) =>
      api('submitDiagnostics', {
        params: { id: worksheetId },
        body: { total_score: 0, gradings, completed: true },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['students'] }),
        queryClient.invalidateQueries({ queryKey: ['passages'] }),
        queryClient.invalidateQueries({ queryKey: ['worksheets'] }),
      ]),
  });
}
