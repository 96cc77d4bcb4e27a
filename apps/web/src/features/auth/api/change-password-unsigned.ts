import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { BRANDING } from './recover-password';

export interface NewPassword {
  key: string;
  newPassword: string;
}

/** Sets a new password with a reset key; the key is spent and every session of the account ends. */
export function changePasswordUnsigned({ key, newPassword }: NewPassword) {
  return api('changePasswordUnsigned', {
    params: { key },
    body: { new_password: newPassword, branding: BRANDING },
  });
}

export const useChangePasswordUnsigned = () => useMutation({ mutationFn: changePasswordUnsigned });
