import { Menu } from '@mantine/core';
import type { SessionUser } from '@readalong/contracts';
import { IconLayoutGrid, IconLogout, IconMessage, IconUserCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ROLE_LABELS } from '@/config/role-labels';
import { useScopedHref } from '@/shared/school-scope/school-scope';
import { useContactDialog } from '@/shared/contact/use-contact-dialog';
import { AccountButton, fullName } from './account-button';
import { useSignOut } from './use-sign-out';

/**
 * The account menu itself: the way back to all the user's areas and the way out. Its code (Mantine's Menu, Popover,
 * floating-ui and focus trap) loads when the menu is first opened (user-menu.tsx, docs/rules.md B2), so it mounts
 * because of that first click and opens at once.
 */
export function AccountMenu({ user }: { user: SessionUser }) {
  const { signOut, isSigningOut } = useSignOut();
  const [isOpen, setOpen] = useState(false);
  const contact = useContactDialog(true);
  const button = useRef<HTMLButtonElement>(null);
  // docs/rules.md C28: the menu's pages keep a department head's picked school.
  const scoped = useScopedHref();
  // The click that loaded this menu hit the stand-in button this one replaced: focus comes to the menu's own button,
  // then the menu opens from it, so it gives focus back there when it closes (WCAG 2.4.3). On the next frame: Mantine's
  // transition opens a menu that has been mounted closed.
  useEffect(() => {
    button.current?.focus();
    const frame = requestAnimationFrame(() => setOpen(true));
    return () => cancelAnimationFrame(frame);
  }, []);

  return (
    <Menu opened={isOpen} onChange={setOpen} position="bottom-end" width={240}>
      <Menu.Target>
        <AccountButton ref={button} user={user} loading={isSigningOut} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {fullName(user)} · {ROLE_LABELS[user.login_role]}
        </Menu.Label>
        <Menu.Item
          component={Link}
          to={scoped(paths.landing.getHref())}
          leftSection={<IconLayoutGrid size={20} aria-hidden />}
        >
          All my areas
        </Menu.Item>
        {user.login_role !== 'student' && (
          <Menu.Item
            component={Link}
            to={scoped(paths.teacher.account.getHref())}
            leftSection={<IconUserCircle size={20} aria-hidden />}
          >
            Your account
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconMessage size={20} aria-hidden />} onClick={contact.open}>
          Contact us
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={20} aria-hidden />} onClick={() => void signOut()}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
      {/* Rendered in a portal; here so it outlives the dropdown that opened it. */}
      {contact.dialog}
    </Menu>
  );
}
