import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Rate builders are started with a call of their own; every other passage with the ordinary one. */
export type WorksheetKind = 'passage' | 'rate-builder';

/** Starts (or resumes) the signed-in student's worksheet for a passage. */
export const startWorksheet = (passageId: number, kind: WorksheetKind = 'passage') =>
  api(kind === 'passage' ? 'startWorksheet' : 'startRateBuilder', { params: { id: passageId }, body: {} });

/**
 * The signed-in student's worksheet for a passage, started if need be (the call starts or resumes). Staff trying
 * a passage (`enabled: false`) start nothing. Its key is outside `passages` and `worksheets`, which a handed-in quiz
 * refreshes: asked again once the quiz finished the worksheet, the call would start a new one, and the library would
 * show the finished book as new (docs/rules.md C46).
 */
export const useStudentWorksheet = (passageId: number, kind: WorksheetKind = 'passage', enabled = true) =>
  useQuery({
    enabled,
    queryKey: ['started-worksheet', passageId, kind],
    queryFn: () => startWorksheet(passageId, kind),
    staleTime: Infinity,
  });
