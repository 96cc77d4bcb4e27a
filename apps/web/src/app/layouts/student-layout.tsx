import { STUDENT_MENU } from '@/config/navigation';
import { useLocation } from 'react-router';
import { AreaShell } from './area-shell';
import { NavMenu, currentHref } from './nav-menu';

/** The student area's frame (docs/rules.md C26): the student menu beside every student page. */
export function StudentLayout() {
  const { pathname } = useLocation();
  const current = currentHref(
    STUDENT_MENU.map((item) => item.href),
    pathname,
  );
  return <AreaShell menuLabel="Student menu" menu={<NavMenu items={STUDENT_MENU} current={current} />} />;
}
