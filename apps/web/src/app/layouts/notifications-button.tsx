import { Button, type ButtonProps } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

type NotificationsButtonProps = ButtonProps & ComponentPropsWithRef<'button'> & { unread: number };

/** The header's bell: the unread count beside it, in its name too ("Notifications, 3 unread"), so nobody misses it. */
export function NotificationsButton({ unread, ...props }: NotificationsButtonProps) {
  return (
    <Button
      variant={unread > 0 ? 'filled' : 'subtle'}
      color={unread > 0 ? 'red.9' : 'dark'}
      px="xs"
      aria-label={`Notifications, ${unread === 0 ? 'none' : unread} unread`}
      leftSection={<IconBell size={22} aria-hidden />}
      {...props}
    >
      {unread > 0 ? unread : null}
    </Button>
  );
}
