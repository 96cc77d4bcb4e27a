import type { TranslationLanguage } from '@readalong/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type LanguageCode = z.infer<typeof TranslationLanguage>;

export const classTranslationQueryOptions = (classId: number) =>
  queryOptions({
    queryKey: ['classes', classId, 'translation'],
    queryFn: () => api('getClassTranslation', { params: { id: classId } }),
  });

export const useClassTranslation = (classId: number) => useQuery(classTranslationQueryOptions(classId));

/** Sets the class's language (null: off, docs/rules.md F12); the answer is the setting as saved. */
export function useSetClassTranslation(classId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (targetLang: LanguageCode | null) =>
      api('setClassTranslation', { params: { id: classId }, body: { target_lang: targetLang } }),
    onSuccess: (saved) => client.setQueryData(classTranslationQueryOptions(classId).queryKey, saved),
  });
}
