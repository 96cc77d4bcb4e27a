import { lazy, Suspense, useState } from 'react';
import { useAuth } from '@/lib/auth-store';
import { AccountButton } from './account-button';

const loadAccountMenu = () => import('./account-menu');
const AccountMenu = lazy(async () => ({ default: (await loadAccountMenu()).AccountMenu }));

/**
 * Who is signed in, and their account menu. docs/rules.md B2: the menu (Mantine's Menu, Popover, floating-ui, focus
 * trap) is not part of any first screen: until it is first opened the header shows only its button, and its code
 * starts loading when a pointer or the keyboard comes to that button.
 */
export function UserMenu() {
  const { user } = useAuth();
  const [isWanted, setWanted] = useState(false);
  if (!user) return null;

  const standIn = (
    <AccountButton
      user={user}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadAccountMenu()}
      onFocus={() => void loadAccountMenu()}
      onClick={() => setWanted(true)}
    />
  );
  if (!isWanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <AccountMenu user={user} />
    </Suspense>
  );
}
