import type { Recording } from '@readalong/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { freshFor } from '@/lib/signed-links';
import { mistakesQueryOptions } from '@/shared/read-aloud/api/mistakes';
import type { Mark } from '@/shared/read-aloud/marks';
import type { SchoolScope } from '@/shared/school-scope/school-scope';

export type ClassRecording = z.infer<typeof Recording>;

/** A class's list is reread after a minute; sooner when one of its audio links would go stale (docs/rules.md C25). */
const LIST_FRESH_MS = 60_000;

/**
 * The teacher's classes, for choosing whose recordings to review: a department head's of the picked school
 * (docs/rules.md C28). The key is the management screens' (`['classes', 'list', scope]`), so both share one answer.
 */
export const useClasses = (scope: SchoolScope) =>
  useQuery({
    queryKey: ['classes', 'list', scope],
    queryFn: async () => (await api('listClasses', { query: scope })).classes,
  });

export const classRecordingsQueryOptions = (classId: number) =>
  queryOptions({
    queryKey: ['classes', classId, 'recordings'],
    queryFn: async () => (await api('getClassRecordings', { query: { class_id: classId } })).recordings,
    staleTime: (query) =>
      freshFor(query.state.data?.map((recording) => recording.file_url) ?? [], LIST_FRESH_MS),
  });

export const useClassRecordings = (classId: number) => useQuery(classRecordingsQueryOptions(classId));

/** Puts the server's answer for one recording into the class list the review screen reads it from. */
function useReplaceInList(classId: number) {
  const client = useQueryClient();
  return (recording: ClassRecording) =>
    client.setQueryData<ClassRecording[]>(classRecordingsQueryOptions(classId).queryKey, (list) =>
      list?.map((row) => (row.id === recording.id ? recording : row)),
    );
}

export function useTrimRecording(classId: number, recordingId: number) {
  const replace = useReplaceInList(classId);
  return useMutation({
    mutationFn: (trim: { start_time: number; end_time: number | null }) =>
      api('trimRecording', { params: { id: recordingId }, body: { ...trim, submit: true } }),
    onSuccess: replace,
  });
}

export function useCommentRecording(classId: number, recordingId: number) {
  const replace = useReplaceInList(classId);
  return useMutation({
    mutationFn: (comment: string) =>
      api('commentRecording', { params: { id: recordingId }, body: { comment } }),
    onSuccess: replace,
  });
}

/** Saving marks recomputes the figures on the server: the list is reread for them. */
export function useSaveMistakes(classId: number, recordingId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { mistakes: Mark[]; last_word_index: number | null }) =>
      api('saveMistakes', { params: { id: recordingId }, body }),
    onSuccess: (saved) => {
      client.setQueryData(mistakesQueryOptions(recordingId).queryKey, saved);
      return client.invalidateQueries({ queryKey: classRecordingsQueryOptions(classId).queryKey });
    },
  });
}
