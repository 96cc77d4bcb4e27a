import { lazy, Suspense, useState } from 'react';
import { useAuth } from '@/lib/auth-store';
import { useNotifications } from './notifications-api';
import { NotificationsButton } from './notifications-button';

const loadNotificationsMenu = () => import('./notifications-menu');
const NotificationsMenu = lazy(async () => ({
  default: (await loadNotificationsMenu()).NotificationsMenu,
}));

/**
 * The bell in every signed-in header (docs/rules.md C41) with the unread count. As the account menu (B2), the menu's
 * code loads when a pointer or the keyboard first comes to the bell, and it opens at the first click.
 */
export function NotificationsBell() {
  const { user } = useAuth();
  const notifications = useNotifications(user !== null);
  const [isWanted, setWanted] = useState(false);
  if (!user) return null;

  const unread = notifications.data?.unread_count ?? 0;
  const standIn = (
    <NotificationsButton
      unread={unread}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadNotificationsMenu()}
      onFocus={() => void loadNotificationsMenu()}
      onClick={() => setWanted(true)}
    />
  );
  if (!isWanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <NotificationsMenu role={user.login_role} />
    </Suspense>
  );
}
