import { Avatar, Button, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconLayoutGrid, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ROLE_LABELS } from '@/config/role-labels';
import { useAuth } from '@/lib/auth-store';
import { useSignOut } from './use-sign-out';

/** Who is signed in, with the way back to all their areas and the way out. */
export function UserMenu() {
  const { user } = useAuth();
  const { signOut, isSigningOut } = useSignOut();
  if (!user) return null;
  const fullName = `${user.first_name} ${user.last_name}`;

  return (
    <Menu position="bottom-end" width={240}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="dark"
          px="xs"
          loading={isSigningOut}
          aria-label={`Account menu, ${fullName}`}
          // X1: no initials in the avatar; visible text the button's name does not contain fails WCAG 2.5.3.
          leftSection={<Avatar color="indigo" size={34} aria-hidden />}
          rightSection={<IconChevronDown size={18} aria-hidden />}
        >
          <Text span fw={600} visibleFrom="sm">
            {user.first_name}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {fullName} · {ROLE_LABELS[user.login_role]}
        </Menu.Label>
        <Menu.Item
          component={Link}
          to={paths.landing.getHref()}
          leftSection={<IconLayoutGrid size={20} aria-hidden />}
        >
          All my areas
        </Menu.Item>
        {user.login_role !== 'student' && (
          <Menu.Item
            component={Link}
            to={paths.teacher.account.getHref()}
            leftSection={<IconUserCircle size={20} aria-hidden />}
          >
            Your account
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconLogout size={20} aria-hidden />} onClick={() => void signOut()}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
