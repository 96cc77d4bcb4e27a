import type { Body, contracts } from '@readalong/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const SETTINGS_KEY = ['district', 'settings'];

/** The department head’s own district’s settings (our call beyond the customer's API, docs/rules.md RA14). */
export const districtSettingsQueryOptions = () =>
  queryOptions({ queryKey: SETTINGS_KEY, queryFn: () => api('getDistrictSettings') });

export const useDistrictSettings = () => useQuery(districtSettingsQueryOptions());

type SettingsChange = Body<typeof contracts.updateDistrictSettings>;

/** Saves the district’s settings; the answer is what is now saved. */
export function useUpdateDistrictSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SettingsChange) => api('updateDistrictSettings', { body: change }),
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_KEY, saved),
  });
}
