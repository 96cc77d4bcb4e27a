import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Whether a reset key still works (docs/rules.md S9: checked before the new password can be set). */
export const validateResetLinkQueryOptions = (key: string) =>
  queryOptions({
    queryKey: ['password-reset-link', key],
    queryFn: () => api('validateResetLink', { query: { key } }),
    // The answer changes only by time or by use; a window regaining focus is no reason to ask again.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export const useValidateResetLink = (key: string) => useQuery(validateResetLinkQueryOptions(key));
