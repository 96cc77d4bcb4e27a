import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { authStore } from '@/lib/auth-store';

/**
 * Signs out and goes to the sign-in page. lib/auth-store ends the session on the server if it can, and always
 * clears the user, the stored session, the query cache and the cached submitted passages.
 */
export function useSignOut() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => authStore.logout(),
    onSettled: () => navigate(paths.login.getHref(), { replace: true }),
  });
}
