import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Rate builders are started with a call of their own; every other passage with the ordinary one. */
export type WorksheetKind = 'passage' | 'rate-builder';

/** Starts (or resumes) the signed-in student's worksheet for a passage. */
export const startWorksheet = (passageId: number, kind: WorksheetKind = 'passage') =>
  api(kind === 'passage' ? 'startWorksheet' : 'startRateBuilder', { params: { id: passageId }, body: {} });

/**
 * The signed-in student's worksheet for a passage, started if need be (the call starts or resumes). Staff trying
 * a passage (`enabled: false`) start nothing.
 */
export const useStudentWorksheet = (passageId: number, kind: WorksheetKind = 'passage', enabled = true) =>
  useQuery({
    enabled,
    queryKey: ['passages', passageId, 'worksheet', kind],
    queryFn: () => startWorksheet(passageId, kind),
    staleTime: Infinity,
  });
