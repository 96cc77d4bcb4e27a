import { Menu, Stack, Text } from '@mantine/core';
import type { Role } from '@readalong/contracts';
import { IconAlertTriangle, IconChecks } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { canEnter, AREA_ACCESS } from '@/config/access';
import { paths } from '@/config/paths';
import { useScopedHref } from '@/shared/school-scope/school-scope';
import { useMarkNotificationsRead, useNotifications, type UserNotification } from './notifications-api';
import { NotificationsButton } from './notifications-button';
import { formatWeekdayTime } from '@/lib/dates';

/** The newest this many are listed: the menu is a glance, not an archive. */
const SHOWN = 8;

/** A link the server sent is a path of this app; anything else (another site) is never followed. */
const isAppPath = (link: string | null): link is string =>
  link !== null && link.startsWith('/') && !link.startsWith('//');

/**
 * The notifications menu (docs/rules.md C41): the newest notifications, unread ones first in weight; choosing one
 * marks it read and opens what it points to; "Mark all read" when some are unread; staff also reach the alerts
 * about their students. Loaded on first open (notifications-bell.tsx), so it mounts open, as the account menu.
 */
export function NotificationsMenu({ role }: { role: Role }) {
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // docs/rules.md C28: where a notification leads keeps a department head's picked school.
  const scoped = useScopedHref();
  // As the account menu: focus to this button (the stand-in it replaced had it), then open on the next frame.
  useEffect(() => {
    button.current?.focus();
    const frame = requestAnimationFrame(() => setOpen(true));
    return () => cancelAnimationFrame(frame);
  }, []);

  const list = notifications.data?.notifications ?? [];
  const unread = notifications.data?.unread_count ?? 0;
  const open = (notification: UserNotification) => {
    if (!notification.read) markRead.mutate([notification.id]);
    if (isAppPath(notification.link)) void navigate(scoped(notification.link));
  };

  // The bell sits in the fixed header, never scrolled out of view: its dropdown need not hide when it is.
  return (
    <Menu opened={isOpen} onChange={setOpen} position="bottom-end" width={340} hideDetached={false}>
      <Menu.Target>
        <NotificationsButton ref={button} unread={unread} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Notifications</Menu.Label>
        {list.length === 0 && (
          <Text px="sm" py="xs" size="sm">
            {notifications.isPending
              ? 'Loading…'
              : 'Nothing new. New assignments, reviewed recordings and licence news show here.'}
          </Text>
        )}
        {list.slice(0, SHOWN).map((notification) => (
          <Menu.Item key={notification.id} onClick={() => open(notification)}>
            <Stack gap={2}>
              <Text size="sm" fw={notification.read ? 400 : 700}>
                {notification.read ? '' : 'New: '}
                {notification.title}
              </Text>
              {notification.message && (
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {notification.message}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {formatWeekdayTime(notification.created_at)}
              </Text>
            </Stack>
          </Menu.Item>
        ))}
        {unread > 0 && (
          <Menu.Item
            leftSection={<IconChecks size={20} aria-hidden />}
            onClick={() => markRead.mutate(list.filter((n) => !n.read).map((n) => n.id))}
          >
            Mark all read
          </Menu.Item>
        )}
        {canEnter(AREA_ACCESS.teacher, role) && (
          <>
            <Menu.Divider />
            <Menu.Item
              component={Link}
              to={scoped(paths.teacher.alerts.getHref())}
              leftSection={<IconAlertTriangle size={20} aria-hidden />}
            >
              Alerts about your students
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
