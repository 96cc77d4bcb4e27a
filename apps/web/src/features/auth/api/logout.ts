import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { session } from '@/lib/session';

/** Ends the session on the server and here; the local session ends even when the server cannot be reached. */
export async function signOut(queryClient: QueryClient): Promise<void> {
  // SPEC.md §8: a failed logout call is ignored and the user is still cleared.
  await api('logout').catch(() => undefined);
  await session.end();
  // Cached answers belong to the user who just left.
  queryClient.removeQueries();
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => signOut(queryClient),
    onSettled: () => navigate(paths.login.getHref(), { replace: true }),
  });
}
