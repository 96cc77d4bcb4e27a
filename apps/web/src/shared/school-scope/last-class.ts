import { useEffect } from 'react';
import { useAuth } from '@/lib/auth-store';

/**
 * docs/rules.md C48: the class a member of staff last chose on a class-scoped teaching page (Class, Settings, the
 * Students and Alerts filters, Assigned), kept in this browser per user, so Assigned opens on it.
 */
const key = (userId: number) => `readalong.last-class.${userId}`;

export const lastClass = {
  get(userId: number): number | null {
    try {
      const value = Number(window.localStorage.getItem(key(userId)));
      return Number.isInteger(value) && value > 0 ? value : null;
    } catch {
      return null;
    }
  },
  set(userId: number, classId: number): void {
    try {
      window.localStorage.setItem(key(userId), String(classId));
    } catch {
      // Storage refused (private mode): Assigned opens on the first class, as before.
    }
  },
};

/** Remembers `classId` (when there is one) as the signed-in user's last class (C48). */
export function useRememberClass(classId: number | null | undefined): void {
  const userId = useAuth().user?.user_id;
  useEffect(() => {
    if (userId !== undefined && classId) lastClass.set(userId, classId);
  }, [userId, classId]);
}

/** The signed-in user's last class (C48), or null. */
export function useLastClass(): number | null {
  const userId = useAuth().user?.user_id;
  return userId === undefined ? null : lastClass.get(userId);
}
