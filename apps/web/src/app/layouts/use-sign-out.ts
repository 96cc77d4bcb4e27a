import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { authStore } from '@/lib/auth-store';

/** Signs out (the store clears the user even if the server cannot be told) and goes to the sign-in page. */
export function useSignOut() {
  const navigate = useNavigate();
  const [isSigningOut, setIsSigningOut] = useState(false);
  const signOut = async () => {
    setIsSigningOut(true);
    await authStore.logout();
    await navigate(paths.login.getHref(), { replace: true });
  };
  return { signOut, isSigningOut };
}
