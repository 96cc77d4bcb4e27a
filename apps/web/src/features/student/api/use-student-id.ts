import { useAuth } from '@/lib/auth-store';

/**
 * The signed-in student's own user id, for the calls that name a student (`/v1/students/{id}/…`). Student pages
 * render only behind the guard, so it is there; null covers the moment the stored session is still loading.
 */
export function useStudentId(): number | null {
  return useAuth().user?.user_id ?? null;
}
