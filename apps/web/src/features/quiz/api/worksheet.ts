import { useQuery } from '@tanstack/react-query';
import { startWorksheet, type WorksheetKind } from '../../book/api/start-worksheet';

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
