/**
 * The menus and the landing page's area cards. Hidden pages (docs/rules.md C26: a book, placement, student assignments,
 * skill builders) are reached from inside pages, never listed here; a router test checks it.
 */
import type { Role } from '@readalong/contracts';
import {
  IconBell,
  IconBook2,
  IconBooks,
  IconBuilding,
  IconBuildingCommunity,
  IconChalkboard,
  IconChartBar,
  IconChartLine,
  IconClipboardCheck,
  IconClipboardList,
  IconFileImport,
  IconHeart,
  IconHome,
  IconLifebuoy,
  IconSchool,
  IconSettings,
  IconUserCog,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { AREA_ACCESS, canEnter, type RouteAccess } from './access';
import { ROLE_HOMES, paths } from './paths';

export interface NavItem {
  label: string;
  href: string;
  icon: Icon;
}

export interface NavSection {
  label: string;
  access: RouteAccess;
  items: readonly NavItem[];
}

const item = (label: string, href: string, icon: Icon): NavItem => ({ label, href, icon });

/** The student area's menu (the “Student area”, docs/rules.md C26). */
export const STUDENT_MENU: readonly NavItem[] = [
  item('Home', paths.student.home.getHref(), IconHome),
  item('Power builders', paths.student.powerBuilders.getHref(), IconBooks),
  item('My work', paths.student.myWork.getHref(), IconClipboardList),
  item('My progress', paths.student.myProgress.getHref(), IconChartLine),
  item('Favorites', paths.student.favorites.getHref(), IconHeart),
  item('Resources', paths.student.resources.getHref(), IconLifebuoy),
  item('Settings', paths.student.settings.getHref(), IconSettings),
];

/** The staff menu, one section per area; each section shows only to roles that may enter its area. */
const STAFF_MENU: readonly NavSection[] = [
  {
    label: 'Teaching',
    access: AREA_ACCESS.teacher,
    items: [
      item('Students', paths.teacher.students.getHref(), IconUsers),
      item('Class', paths.teacher.class.getHref(), IconChalkboard),
      item('Alerts', paths.teacher.alerts.getHref(), IconBell),
      item('Resources', paths.teacher.resources.getHref(), IconLifebuoy),
      item('Settings', paths.teacher.settings.getHref(), IconSettings),
    ],
  },
  {
    label: 'Insights',
    access: AREA_ACCESS.insights,
    items: [item('Insights', paths.insights.getHref(), IconChartBar)],
  },
  {
    label: 'Assignments',
    access: AREA_ACCESS.assignments,
    items: [
      item('All power builders', paths.assignments.allPowerBuilders.getHref(), IconBooks),
      item('Assigned', paths.assignments.assigned.getHref(), IconClipboardCheck),
    ],
  },
  {
    label: 'Manage',
    access: AREA_ACCESS.manage,
    items: [
      item('Classes', paths.manage.classes.getHref(), IconSchool),
      item('School', paths.manage.school.getHref(), IconBuilding),
      item('Staff', paths.manage.staff.getHref(), IconUserCog),
      item('Students', paths.manage.students.getHref(), IconUsersGroup),
      item('Import', paths.manage.import.getHref(), IconFileImport),
    ],
  },
  {
    label: 'District',
    access: AREA_ACCESS.district,
    items: [
      item('Overview', paths.district.root.getHref(), IconBuildingCommunity),
      item('District settings', paths.district.settings.getHref(), IconSettings),
      item('District resources', paths.district.resources.getHref(), IconBook2),
    ],
  },
];

/**
 * The staff menu for one role: the district section only for department heads (docs/rules.md C2), and the section of the
 * role's home (ROLE_HOMES) first, so the place each role starts from heads its menu.
 */
export function staffMenuFor(role: Role | null): NavSection[] {
  const open = STAFF_MENU.filter((section) => canEnter(section.access, role));
  const home = role === null ? undefined : ROLE_HOMES[role];
  const holdsHome = (section: NavSection) => section.items.some((entry) => entry.href === home);
  return [...open.filter(holdsHome), ...open.filter((section) => !holdsHome(section))];
}

export interface HubArea extends NavItem {
  description: string;
  access: RouteAccess;
}

const area = (access: RouteAccess, entry: NavItem, description: string): HubArea => ({
  ...entry,
  access,
  description,
});

/** The landing page's cards: every area a role may open from a menu. */
const HUB_AREAS: readonly HubArea[] = [
  area(
    AREA_ACCESS.student,
    item('Home', paths.student.home.getHref(), IconHome),
    'Your level, coins and next book.',
  ),
  area(
    AREA_ACCESS.student,
    item('Power builders', paths.student.powerBuilders.getHref(), IconBooks),
    'All the books at your level.',
  ),
  area(
    AREA_ACCESS.student,
    item('My work', paths.student.myWork.getHref(), IconClipboardList),
    'Books your teacher gave you to read.',
  ),
  area(
    AREA_ACCESS.student,
    item('My progress', paths.student.myProgress.getHref(), IconChartLine),
    'How your reading is growing.',
  ),
  area(
    AREA_ACCESS.teacher,
    item('Students', paths.teacher.students.getHref(), IconUsers),
    'Your students’ reading, recordings and reports.',
  ),
  area(
    AREA_ACCESS.insights,
    item('Insights', paths.insights.getHref(), IconChartBar),
    'How classes and the school are reading.',
  ),
  area(
    AREA_ACCESS.assignments,
    item('Assignments', paths.assignments.root.getHref(), IconClipboardCheck),
    'Give books to classes and follow them up.',
  ),
  area(
    AREA_ACCESS.manage,
    item('Manage', paths.manage.root.getHref(), IconSchool),
    'Classes, staff, students and roster import.',
  ),
  area(
    AREA_ACCESS.district,
    item('District', paths.district.root.getHref(), IconBuildingCommunity),
    'Every school of your district at a glance.',
  ),
];

/** The areas a role may open, its home (config/paths ROLE_HOMES) first. */
export function hubAreasFor(role: Role): HubArea[] {
  const open = HUB_AREAS.filter((entry) => canEnter(entry.access, role));
  const isHome = (entry: HubArea) => entry.href === ROLE_HOMES[role];
  return [...open.filter(isHome), ...open.filter((entry) => !isHome(entry))];
}
