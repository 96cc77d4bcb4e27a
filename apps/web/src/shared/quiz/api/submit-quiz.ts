import type { GradingRow, Response, contracts } from '@readalong/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { session } from '@/lib/session';
import { submittedPassages } from '@/lib/submitted-passages';

type Outcome = Response<typeof contracts.submitDiagnostics>;

/**
 * What a completed diagnostic changes on this device (docs/rules.md C16): another placement
 * test id is stored on the user; a placement stores the new band and series, and a reset colour drops the cached
 * submitted passages of that band and series.
 */
async function applyDiagnosticResult(outcome: Outcome) {
  if (outcome.placement_test_id !== null) {
    const placementTestId = outcome.placement_test_id;
    await session.update((stored) => ({
      ...stored,
      user: { ...stored.user, placement_test_id: placementTestId },
    }));
    return;
  }
  const { colour_band_id: colourBandId, series_id: seriesId } = outcome.level_change ?? outcome;
  if (colourBandId === null || seriesId === null) return;
  await session.update((stored) => ({
    ...stored,
    user: { ...stored.user, colour_band_id: colourBandId, series_id: seriesId, placement_test_id: null },
  }));
  if (outcome.has_reset_colour) await submittedPassages.dropBand(colourBandId, seriesId);
}

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
    onSuccess: async (outcome) => {
      await applyDiagnosticResult(outcome);
      await Promise.all(
        [['students'], ['passages'], ['worksheets']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
