import type { Notification } from '@readalong/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type UserNotification = z.infer<typeof Notification>;

const NOTIFICATIONS_KEY = ['notifications'] as const;
/** Read again every two minutes while a page is open (and when the window comes back into view). */
const REFRESH_MS = 120_000;

/** The signed-in user's notifications, newest first, and how many are unread (docs/rules.md P12, C41). */
export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: () => api('listNotifications', { query: {} }),
  });

export const useNotifications = (isSignedIn = true) =>
  useQuery({ ...notificationsQueryOptions(), enabled: isSignedIn, refetchInterval: REFRESH_MS });

/**
 * Marks notifications read, one call each (the API marks one at a time), then reads the list again. A failure is
 * left silent: the notification simply stays unread.
 */
export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) =>
      Promise.all(ids.map((id) => api('markNotificationRead', { params: { id }, body: { read: true } }))),
    onSettled: () => client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
