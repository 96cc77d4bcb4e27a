import { NavLink } from '@mantine/core';
import { Link } from 'react-router';
import type { NavItem } from '@/config/navigation';

/**
 * The item the page being shown belongs to: the longest href that is the path or a parent of it, so a student's
 * report marks "Students" and the district's settings mark "District settings", not "Overview".
 */
export function currentHref(hrefs: readonly string[], pathname: string): string | undefined {
  const contains = (href: string) => pathname === href || pathname.startsWith(`${href}/`);
  return hrefs.filter(contains).sort((a, b) => b.length - a.length)[0];
}

interface NavMenuProps {
  items: readonly NavItem[];
  /** The href the page being shown belongs to (currentHref over the whole menu). */
  current: string | undefined;
  /** Adds what the address must carry along, e.g. a department head's school. */
  linkTo?: (href: string) => string;
  labelledBy?: string;
}

/** A list of big links (48 px high); the current one is marked for eyes and for screen readers. */
export function NavMenu({ items, current, linkTo = (href) => href, labelledBy }: NavMenuProps) {
  return (
    <ul aria-labelledby={labelledBy} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map(({ href, label, icon: ItemIcon }) => {
        const isCurrent = href === current;
        return (
          <li key={href}>
            <NavLink
              component={Link}
              to={linkTo(href)}
              label={label}
              leftSection={<ItemIcon size={22} stroke={1.75} aria-hidden />}
              active={isCurrent}
              aria-current={isCurrent ? 'page' : undefined}
            />
          </li>
        );
      })}
    </ul>
  );
}
