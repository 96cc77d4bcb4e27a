import type { Body, contracts } from '@readalong/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefreshRoster } from './classes';

export type AccountChanges = Body<typeof contracts.updateUser>;

/**
 * Edits another account of the school or district (docs/rules.md M10, C32): names, username, a staff email, or
 * whether it may sign in. The lists refresh, so a disabled account shows as such.
 */
export function useUpdateAccount() {
  const refresh = useRefreshRoster();
  return useMutation({
    mutationFn: ({ userId, changes }: { userId: number; changes: AccountChanges }) =>
      api('updateUser', { params: { id: userId }, body: changes }),
    onSuccess: refresh,
  });
}

/**
 * Resets another account's password (M10): a student's to the one typed, or to one the server makes up when none
 * is given; a staff member is emailed a set-password link. Their sessions end and any lockout is lifted.
 */
export function useResetPassword() {
  return useMutation({
    mutationFn: ({ userId, password }: { userId: number; password?: string }) =>
      api('setUserPassword', { params: { id: userId }, body: password ? { password } : {} }),
  });
}
