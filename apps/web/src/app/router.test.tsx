import { ROLES, type Role } from '@readalong/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { matchPath } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE_HOMES, paths } from '@/config/paths';
import { studentDetails } from '@/features/student/test-books';
import { answer, errorAnswer } from '@/test/api-mocks';
import { signedInAs } from '@/test/auth';
import { buildAccessToken } from '@/test/factories';
import { renderApp } from '@/test/render-app';

beforeAll(() => {
  // jsdom has no layout; Mantine's option list scrolls the chosen option into view.
  if (!('scrollIntoView' in Element.prototype)) {
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      value: () => undefined,
      configurable: true,
    });
  }
});

const SCHOOLS = [
  { id: 1, name: 'Maple Primary', district_id: 1 },
  { id: 2, name: 'Oak Academy', district_id: 1 },
];

/** The server's answers a signed-in page may ask for. */
function answerSignedInCalls(role: Role) {
  answer('validate', () => ({ access_token: buildAccessToken(), login_role: role, refresh_token: null }));
  answer('getUserDetails', () => studentDetails);
  answer('getStaticSchools', () => ({ schools: SCHOOLS }));
}

async function openAs(role: Role, path: string) {
  await signedInAs({ login_role: role, first_name: 'Sam' });
  answerSignedInCalls(role);
  return renderApp(path);
}

const pageTitle = (name: string) => screen.findByRole('heading', { level: 1, name });

const MENU_NAMES: Record<Role, string> = {
  student: 'Student menu',
  teacher: 'Staff menu',
  owner: 'Staff menu',
  department_head: 'Staff menu',
};
const HOME_TITLES: Record<Role, string> = {
  student: 'Home',
  teacher: 'Students',
  owner: 'Insights',
  department_head: 'District overview',
};

/** The hidden pages of docs/rules.md C26: reached from inside pages, never from a menu. */
const HIDDEN_AREAS = [
  `${paths.book.root.path}/*`,
  paths.book.root.path,
  paths.placement.path,
  `${paths.studentAssignment.root.path}/*`,
  paths.skillBuilder.path,
];
const isHidden = (href: string) =>
  HIDDEN_AREAS.some((pattern) => matchPath(pattern, href.split('?')[0] ?? ''));

const hrefsIn = (container: HTMLElement) =>
  within(container)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href') ?? '');

describe('router: every route (C26)', () => {
  it.each<[string, Role, string]>([
    [paths.student.home.getHref(), 'student', 'Home'],
    [paths.student.powerBuilders.getHref(), 'student', 'Power builders'],
    [paths.student.favorites.getHref(), 'student', 'Favorites'],
    [paths.student.settings.getHref(), 'student', 'Settings'],
    [paths.student.myWork.getHref(), 'student', 'My work'],
    [paths.student.myProgress.getHref(), 'student', 'My progress'],
    [paths.student.resources.getHref(), 'student', 'Resources'],
    [paths.skillBuilder.getHref(4), 'student', 'Skill builder'],
    [paths.teacher.students.getHref(), 'teacher', 'Students'],
    [paths.teacher.students.getHref(9), 'owner', 'Students'],
    [paths.teacher.studentReport.getHref(9), 'department_head', 'Student report'],
    [paths.teacher.class.getHref(), 'teacher', 'Class'],
    [paths.teacher.settings.getHref(), 'teacher', 'Settings'],
    [paths.teacher.resources.getHref(), 'owner', 'Resources'],
    [paths.teacher.account.getHref(), 'department_head', 'Your account'],
    [paths.manage.school.getHref(), 'owner', 'School'],
    [paths.manage.classes.getHref(), 'teacher', 'Classes'],
    [paths.manage.class.getHref(3), 'teacher', 'Class'],
    [paths.manage.staff.getHref(), 'owner', 'Staff'],
    [paths.manage.students.getHref(), 'department_head', 'Students'],
    [paths.manage.import.getHref(), 'owner', 'Import a roster'],
    [paths.insights.getHref(), 'teacher', 'Insights'],
    [paths.district.root.getHref(), 'department_head', 'District overview'],
    [paths.district.settings.getHref(), 'department_head', 'District settings'],
    [paths.district.resources.getHref(), 'department_head', 'District resources'],
    [paths.assignments.allPowerBuilders.getHref(), 'teacher', 'All power builders'],
    [paths.assignments.assigned.getHref(), 'owner', 'Assigned'],
    [paths.book.read.getHref(1), 'student', 'Read'],
    [paths.book.demoRead.getHref(1), 'teacher', 'Demo reading'],
    [paths.book.quiz.getHref(1), 'student', 'Quiz'],
    [paths.book.demoQuiz.getHref(1), 'owner', 'Demo quiz'],
    [paths.book.rateBuilder.getHref(1), 'student', 'Rate builder'],
    [paths.book.practice.getHref(1), 'student', 'Practise reading aloud'],
    [paths.book.demoPractice.getHref(1), 'department_head', 'Demo practice'],
    [paths.book.assignment.getHref(1), 'student', 'Reading assignment'],
    [paths.placement.getHref(), 'student', 'Placement test'],
    [paths.studentAssignment.read.getHref(5), 'student', 'Read'],
    [paths.studentAssignment.quiz.getHref(5), 'student', 'Quiz'],
    [paths.studentAssignment.practice.getHref(5), 'student', 'Practise reading aloud'],
    [paths.studentAssignment.assignment.getHref(5), 'student', 'Reading assignment'],
  ])('%s opens for a %s with the title "%s"', async (path, role, title) => {
    const { router } = await openAs(role, path);

    expect(await pageTitle(title)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    await waitFor(() => expect(document.title).toBe(`${title} · ReadAlong`));
  });
});

describe('router: layouts and guard', () => {
  it.each(ROLES)('a %s lands on their home, in their area’s frame', async (role) => {
    const { router } = await openAs(role, ROLE_HOMES[role]);

    expect(await pageTitle(HOME_TITLES[role])).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: MENU_NAMES[role] })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(ROLE_HOMES[role]);
  });

  it('sends a student who opens the teacher area to the landing page', async () => {
    const { router } = await openAs('student', paths.teacher.students.getHref());

    expect(await pageTitle('Hello, Sam!')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each<Role>(['teacher', 'owner'])(
    'sends a %s who opens the district to the landing page',
    async (role) => {
      const { router } = await openAs(role, paths.district.settings.getHref());

      expect(await pageTitle('Hello, Sam!')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
    },
  );

  it('sends a signed-out visitor to login, carrying the address', async () => {
    const { router } = renderApp('/teacher/class?tab=recordings');

    expect(await pageTitle('Sign in')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/teacher/class?tab=recordings')}`);
  });

  it('sends a signed-in user who opens login to the landing page', async () => {
    const { router } = await openAs('teacher', paths.login.getHref());

    expect(await pageTitle('Hello, Sam!')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('signs out with the server’s reason when validation answers 401', async () => {
    await signedInAs({ login_role: 'teacher' });
    answer('validate', () => errorAnswer(401, 'unauthenticated', 'password has been changed'));
    answer('logout', () => ({ success: true }));
    const { router } = renderApp(paths.insights.getHref());

    expect(await pageTitle('Sign in')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/insights')}`);
    expect(await screen.findByText('Your password has been changed, please re-login!')).toBeInTheDocument();
  });

  it('renews an expired session before opening the page', async () => {
    await signedInAs({
      login_role: 'owner',
      access_token: buildAccessToken({ expiresAt: new Date(2020, 0, 1) }),
    });
    answerSignedInCalls('owner');
    answer('refresh', () => ({ access_token: buildAccessToken(), refresh_token: 'refresh-2' }));

    const { router } = renderApp(paths.insights.getHref());

    expect(await pageTitle('Insights')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/insights');
  });

  it('sends an expired session that cannot be renewed to login', async () => {
    await signedInAs({
      login_role: 'owner',
      access_token: buildAccessToken({ expiresAt: new Date(2020, 0, 1) }),
    });
    answer('refresh', () => errorAnswer(401, 'unauthenticated', 'Refresh token expired.'));
    answer('logout', () => ({ success: true }));

    const { router } = renderApp(paths.insights.getHref());

    expect(await pageTitle('Sign in')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/insights')}`);
  });

  it('shows a not-found page for an unknown address', async () => {
    renderApp('/no/such/page');

    expect(await pageTitle('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('shows not-found inside a known area too', async () => {
    await openAs('teacher', '/manage/nothing-here');

    expect(await pageTitle('Page not found')).toBeInTheDocument();
  });
});

describe('router: redirects', () => {
  it.each<[string, Role, string]>([
    ['/manage', 'teacher', '/manage/classes'],
    ['/assingments', 'owner', '/assingments/all-power-builders'],
    ['/power-builders/1/read-aloud', 'student', '/power-builders/1/read-aloud/practice'],
    ['/power-builders/1', 'teacher', '/power-builders/1/read'],
    ['/teacher', 'teacher', '/teacher/students'],
    [
      '/student-assignments/power-builders/8/read-aloud',
      'student',
      '/student-assignments/power-builders/8/read-aloud/practice',
    ],
  ])('%s → (as a %s) %s', async (from, role, to) => {
    const { router } = await openAs(role, from);

    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it('keeps a department head’s school through a redirect', async () => {
    const { router } = await openAs('department_head', '/manage?school_id=2');

    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/classes'));
    expect(router.state.location.search).toBe('?school_id=2');
  });

  it('checks the role before redirecting: a student opening /manage goes to the landing page', async () => {
    const { router } = await openAs('student', '/manage');

    expect(await pageTitle('Hello, Sam!')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('navigation', () => {
  it.each(ROLES)('a %s’s menu and hub never list a hidden area', async (role) => {
    await openAs(role, ROLE_HOMES[role]);

    const menu = await screen.findByRole('navigation', { name: MENU_NAMES[role] });
    expect(hrefsIn(menu).length).toBeGreaterThan(0);
    expect(hrefsIn(menu).filter(isHidden)).toEqual([]);
  });

  it.each(ROLES)('a %s’s menu starts with their home', async (role) => {
    await openAs(role, ROLE_HOMES[role]);

    const menu = await screen.findByRole('navigation', { name: MENU_NAMES[role] });
    expect(hrefsIn(menu)[0]).toBe(ROLE_HOMES[role]);
  });

  it.each(ROLES)('the landing page of a %s lists no hidden area', async (role) => {
    await openAs(role, paths.landing.getHref());

    const areas = await screen.findByRole('list', { name: 'Your areas' });
    expect(hrefsIn(areas).filter(isHidden)).toEqual([]);
  });

  it.each<[Role, boolean]>([
    ['teacher', false],
    ['owner', false],
    ['department_head', true],
  ])('a %s sees the district in the menu: %s', async (role, seesDistrict) => {
    await openAs(role, paths.insights.getHref());

    const menu = await screen.findByRole('navigation', { name: 'Staff menu' });
    expect(within(menu).queryByRole('link', { name: 'Overview' }) !== null).toBe(seesDistrict);
    expect(within(menu).getByRole('link', { name: 'Classes' })).toBeInTheDocument();
  });

  it('marks the current page in the menu', async () => {
    await openAs('department_head', paths.district.settings.getHref());

    const menu = await screen.findByRole('navigation', { name: 'Staff menu' });
    expect(within(menu).getByRole('link', { name: 'District settings' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(menu).getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
  });

  it('lets a department head pick a school, kept in the address and in every menu link', async () => {
    const { router, user } = await openAs('department_head', paths.district.root.getHref());
    // jsdom is a narrow screen: the picker sits atop the menu, behind the burger.
    await user.click(await screen.findByRole('button', { name: 'Open the menu' }));

    const picker = await screen.findByRole('combobox', { name: 'School' });
    await waitFor(() => expect(picker).toBeEnabled());
    await user.click(picker);
    await user.click(await screen.findByText('Oak Academy'));

    await waitFor(() => expect(router.state.location.search).toBe('?school_id=2'));
    const menu = screen.getByRole('navigation', { name: 'Staff menu' });
    const classesLink = () => within(menu).getByRole('link', { name: 'Classes' });
    await waitFor(() => expect(classesLink()).toHaveAttribute('href', '/manage/classes?school_id=2'));
  });

  it('offers a teacher no school picker and plain links', async () => {
    await openAs('teacher', `${paths.insights.getHref()}?school_id=2`);

    const menu = await screen.findByRole('navigation', { name: 'Staff menu' });
    expect(screen.queryByRole('combobox', { name: 'School' })).toBeNull();
    expect(within(menu).getByRole('link', { name: 'Classes' })).toHaveAttribute('href', '/manage/classes');
  });

  it('starts every page with a skip link to the main content', async () => {
    const { user } = await openAs('student', paths.student.favorites.getHref());
    await pageTitle('Favorites');

    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
