import type { SubmittedPassage } from '@readalong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** A finished book: when, at which level, the quiz score and the recording sent with it. */
export type FinishedBook = z.infer<typeof SubmittedPassage>;

/** Every book the signed-in student has finished, the latest result per book (GET /v1/worksheets/passage/submitted). */
export const submittedPassagesQueryOptions = () =>
  queryOptions({
    queryKey: ['worksheets', 'submitted-passages'],
    queryFn: async () => (await api('getSubmittedPassages')).passages,
  });

export const useSubmittedPassages = () => useQuery(submittedPassagesQueryOptions());
