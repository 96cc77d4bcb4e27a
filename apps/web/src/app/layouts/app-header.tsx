import { Anchor, Burger, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useScopedHref } from '@/shared/school-scope/school-scope';
import { NotificationsBell } from './notifications-bell';
import { UserMenu } from './user-menu';

/** The id of the menu the burger opens on small screens. */
export const NAVIGATION_ID = 'app-navigation';

interface AppHeaderProps {
  /** The small-screen menu's state, when the layout has a menu. */
  menu?: { isOpen: boolean; toggle: () => void };
  /** Shown after the name, e.g. a way back. */
  start?: ReactNode;
  /** Shown before the notifications and account menus, e.g. the school picker. */
  end?: ReactNode;
}

/** The bar across the top of every signed-in page: 72 px, the height the hash offset of docs/rules.md C10 allows for. */
export function AppHeader({ menu, start, end }: AppHeaderProps) {
  // docs/rules.md C28: a department head's picked school goes along to the hub, and back from it.
  const scoped = useScopedHref();
  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap">
        {menu && (
          <Burger
            opened={menu.isOpen}
            onClick={menu.toggle}
            hiddenFrom="sm"
            aria-label={menu.isOpen ? 'Close the menu' : 'Open the menu'}
            aria-expanded={menu.isOpen}
            aria-controls={NAVIGATION_ID}
          />
        )}
        {/* On a phone a layout's own start (the reader's way home) takes the name's place, so the bell and the
            account menu still fit beside it at 360 px (X5). */}
        <Anchor
          component={Link}
          to={scoped(paths.landing.getHref())}
          visibleFrom={start ? 'xs' : undefined}
          fw={800}
          fz={{ base: 'lg', sm: 'xl' }}
          c="indigo.8"
          underline="never"
        >
          ReadAlong
        </Anchor>
        {start}
      </Group>
      <Group gap="sm" wrap="nowrap">
        {end}
        <NotificationsBell />
        <UserMenu />
      </Group>
    </Group>
  );
}
