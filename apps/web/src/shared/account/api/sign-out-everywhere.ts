import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';

/**
 * Ends every session of the signed-in user, this one too (docs/rules.md S21, C32), then signs out here as the
 * account menu does and goes to the sign-in page. If the server cannot be reached nothing is ended, so the user
 * stays signed in and sees why.
 */
export function useSignOutEverywhere() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      await api('logoutEverywhere');
      // Its own POST /logout is refused now (the session has ended) and ignored (C8); it clears this device.
      await authStore.logout();
    },
    onSuccess: () => navigate(paths.login.getHref(), { replace: true }),
  });
}
