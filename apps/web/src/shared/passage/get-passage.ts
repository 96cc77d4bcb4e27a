import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A page is narrated in about a second: a reader waiting for its voice hears it soon after. */
const NARRATION_POLL_MS = 3_000;

/** A passage with its pages (text, illustration, narration and word timings) and the caller's progress. */
export const passageQueryOptions = (passageId: number) =>
  queryOptions({
    queryKey: ['passages', passageId],
    queryFn: () => api('getPassage', { params: { id: passageId } }),
    // Pages still being narrated on the server get their recordings shortly: look again until they are all in.
    refetchInterval: (query) => (query.state.data?.assets.narration_pending ? NARRATION_POLL_MS : false),
  });

export const usePassage = (passageId: number) => useQuery(passageQueryOptions(passageId));

/** The passage of a worksheet (an assignment's), polled for narration like any passage. */
export const worksheetPassageQueryOptions = (worksheetId: number) =>
  queryOptions({
    queryKey: ['worksheets', worksheetId, 'passage'],
    queryFn: () => api('getWorksheetPassage', { params: { id: worksheetId } }),
    refetchInterval: (query) => (query.state.data?.assets.narration_pending ? NARRATION_POLL_MS : false),
  });

export const useWorksheetPassage = (worksheetId: number) =>
  useQuery(worksheetPassageQueryOptions(worksheetId));
