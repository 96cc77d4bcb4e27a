import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The product name the reset mail shows. */
export const BRANDING = 'ReadAlong';

/**
 * Asks the server to mail a reset link to `email`. The link points back at this app's address, which the server
 * checks against its own list. The server answers the same whether or not the address belongs to an account.
 */
export function recoverPassword(email: string) {
  return api('recoverPassword', {
    query: { email },
    body: { app_url: window.location.origin, branding: BRANDING },
  });
}

export const useRecoverPassword = () => useMutation({ mutationFn: recoverPassword });
