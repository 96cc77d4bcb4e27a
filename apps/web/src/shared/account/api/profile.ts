import type { Body, contracts } from '@readalong/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { session } from '@/lib/session';

const PROFILE_KEY = ['profile'];

export const profileQueryOptions = () =>
  queryOptions({ queryKey: PROFILE_KEY, queryFn: () => api('getProfile') });

export const useProfile = () => useQuery(profileQueryOptions());

type ProfileChange = Body<typeof contracts.updateProfile>;

/**
 * Saves the profile. The signed-in user on this device takes the new name, email and picture; a password change
 * ends every other session and answers a new one for this device, which is kept (docs/rules.md S6).
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ProfileChange) => api('updateProfile', { body: change }),
    onSuccess: async (profile) => {
      queryClient.setQueryData(PROFILE_KEY, profile);
      await session.update((stored) => ({
        ...stored,
        user: {
          ...stored.user,
          first_name: profile.first_name,
          last_name: profile.last_name,
          email: profile.email,
          ...(profile.access_token && { access_token: profile.access_token }),
          ...(profile.refresh_token && { refresh_token: profile.refresh_token }),
        },
      }));
    },
  });
}

/** Uploads a new profile picture; the signed link it answers is shown at once. */
export function useUpdateProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => api('updateProfilePicture', { body: { file } }),
    onSuccess: async ({ profile_pic_url: url }) => {
      await queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
      await session.update((stored) => ({ ...stored, user: { ...stored.user, profile_pic_url: url } }));
    },
  });
}
