import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A passage's quiz; the answer keys come only once the student has submitted it (docs/rules.md R8). */
export const questionsQueryOptions = (passageId: number) =>
  queryOptions({
    queryKey: ['passages', passageId, 'questions'],
    queryFn: () => api('getPassageQuestions', { params: { id: passageId } }),
  });

export const useQuestions = (passageId: number) => useQuery(questionsQueryOptions(passageId));

/** The marked answers of a worksheet's quiz. */
export const submissionQueryOptions = (worksheetId: number) =>
  queryOptions({
    queryKey: ['worksheets', worksheetId, 'submission'],
    queryFn: () => api('getDiagnosticsSubmission', { params: { id: worksheetId } }),
  });

export const useSubmission = (worksheetId: number | null) =>
  useQuery({ ...submissionQueryOptions(worksheetId ?? 0), enabled: worksheetId !== null });
