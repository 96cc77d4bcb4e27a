/**
 * Every route (docs/rules.md C26), spelled as config/paths spells them. Each page and layout loads on demand; who may open
 * a route is its `handle.access` (an entry of config/access), inherited by its children; the root's loader applies
 * the navigation guard to it before every navigation.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type Params, type RouteObject } from 'react-router';
import { AREA_ACCESS, type RouteAccess } from '@/config/access';
import { paths } from '@/config/paths';
import { connectNavigator } from '@/lib/navigation';
import { AppRoot } from './app-root';
import { firstReadsLoader, prefetched } from './first-reads';
import { createGuardLoader } from './guard-loader';
import { PageLoader } from './page-loader';
import { RouteErrorPage } from './route-error-page';
import type { RouteHandle } from './route-handle';

type LoadComponent = () => Promise<ComponentType>;

/**
 * Lazy in the function form on purpose: React Router 7 ignores a failed `lazy: { Component }` on a route without
 * a loader (the page renders empty), while a failed `lazy()` reaches the error page, which reloads (docs/rules.md C11).
 */
const lazyComponent = (load: LoadComponent) => async () => ({ Component: await load() });

/** A page: its title and its code, fetched when first opened. */
const page = (path: string, title: string, Component: LoadComponent, access?: RouteAccess): RouteObject => ({
  path,
  handle: { title, ...(access && { access }) } satisfies RouteHandle,
  lazy: lazyComponent(Component),
});

/** The page a parent address shows by itself (its "default child", docs/rules.md C26). */
const indexPage = (title: string, Component: LoadComponent): RouteObject => ({
  index: true,
  handle: { title } satisfies RouteHandle,
  lazy: lazyComponent(Component),
});

/**
 * A parent address that forwards to one of its children, keeping the query (a department head's `school_id`). It
 * renders nothing, said outright: a leaf route without an element makes React Router warn on every redirect.
 */
const redirectIndex = (target: (params: Params) => string): RouteObject => ({
  index: true,
  element: null,
  loader: ({ request, params }) => redirect(target(params) + new URL(request.url).search),
});

/** A path parameter the route's own pattern guarantees. */
const param = (params: Params, name: string): string => params[name] ?? '';

const layout = (Component: LoadComponent, handle: RouteHandle, children: RouteObject[]): RouteObject => ({
  handle,
  lazy: lazyComponent(Component),
  children,
});

const publicRoutes = (): RouteObject => ({
  handle: { access: AREA_ACCESS.public } satisfies RouteHandle,
  children: [
    {
      path: paths.login.path,
      lazy: lazyComponent(async () => (await import('@/features/auth/login-screen')).LoginScreen),
    },
    {
      path: paths.forgetPassword.path,
      lazy: lazyComponent(
        async () => (await import('@/features/auth/forget-password-screen')).ForgetPasswordScreen,
      ),
    },
    {
      path: paths.resetPassword.path,
      lazy: lazyComponent(
        async () => (await import('@/features/auth/reset-password-screen')).ResetPasswordScreen,
      ),
    },
  ],
});

/** The authenticated root: a hub without a navigation bar, open to every signed-in user. */
const landingRoutes = (): RouteObject =>
  layout(async () => (await import('./layouts/hub-layout')).HubLayout, { access: AREA_ACCESS.signedIn }, [
    page(
      paths.landing.path,
      'Welcome',
      async () => (await import('@/features/landing/landing-page')).LandingPage,
    ),
  ]);

const studentRoutes = (queryClient?: QueryClient): RouteObject =>
  layout(
    async () => (await import('./layouts/student-layout')).StudentLayout,
    { access: AREA_ACCESS.student },
    [
      {
        ...page(
          paths.student.home.path,
          'Home',
          async () => (await import('@/features/student/home-page')).StudentHomePage,
        ),
        // docs/rules.md B7: the student's first screen asks for its data alongside its code and the session check.
        loader: firstReadsLoader(queryClient, AREA_ACCESS.student, async () => {
          const [{ startHomeReads }, { notificationsQueryOptions }] = await Promise.all([
            import('@/features/student/home-page'),
            import('./layouts/notifications-api'),
          ]);
          // The header's unread count too, so the page and its frame render once (docs/rules.md B11).
          return (client) => [...startHomeReads(client), prefetched(client, notificationsQueryOptions())];
        }),
      },
      page(
        paths.student.powerBuilders.path,
        'Power builders',
        async () => (await import('@/features/student/power-builders-page')).PowerBuildersPage,
      ),
      page(
        paths.student.favorites.path,
        'Favorites',
        async () => (await import('@/features/student/favorites-page')).FavoritesPage,
      ),
      page(
        paths.student.settings.path,
        'Settings',
        async () => (await import('@/features/student/settings-page')).StudentSettingsPage,
      ),
      page(
        paths.student.myWork.path,
        'My work',
        async () => (await import('@/features/student/my-work-page')).MyWorkPage,
      ),
      page(
        paths.student.myProgress.path,
        'My progress',
        async () => (await import('@/features/student/my-progress-page')).MyProgressPage,
      ),
      page(
        paths.student.resources.path,
        'Resources',
        async () => (await import('@/features/student/resources-page')).StudentResourcesPage,
      ),
    ],
  );

const teacherRoutes = (): RouteObject => ({
  path: paths.teacher.root.path,
  handle: { access: AREA_ACCESS.teacher } satisfies RouteHandle,
  children: [
    // The customer names no default child for /teacher; the students overview is the teacher's home.
    redirectIndex(() => paths.teacher.students.getHref()),
    page(
      paths.teacher.students.path,
      'Students',
      async () => (await import('@/features/teacher/students-page')).TeacherStudentsPage,
    ),
    page(
      paths.teacher.studentReport.path,
      'Student report',
      async () => (await import('@/features/teacher/student-report-page')).StudentReportPage,
    ),
    page(
      paths.teacher.class.path,
      'Class',
      async () => (await import('@/features/teacher/class-page')).TeacherClassPage,
    ),
    page(
      paths.teacher.settings.path,
      'Settings',
      async () => (await import('@/features/teacher/settings-page')).TeacherSettingsPage,
    ),
    page(
      paths.teacher.alerts.path,
      'Alerts',
      async () => (await import('@/features/teacher/alerts/alerts-page')).TeacherAlertsPage,
    ),
    page(
      paths.teacher.resources.path,
      'Resources',
      async () => (await import('@/features/teacher/resources-page')).TeacherResourcesPage,
    ),
    page(
      paths.teacher.account.path,
      'Your account',
      async () => (await import('@/features/account/account-page')).AccountPage,
    ),
  ],
});

const manageRoutes = (): RouteObject => ({
  path: paths.manage.root.path,
  handle: { access: AREA_ACCESS.manage } satisfies RouteHandle,
  children: [
    redirectIndex(() => paths.manage.classes.getHref()),
    page(
      paths.manage.school.path,
      'School',
      async () => (await import('@/features/manage/school-page')).SchoolPage,
    ),
    page(
      paths.manage.classes.path,
      'Classes',
      async () => (await import('@/features/manage/classes-page')).ClassesPage,
    ),
    page(
      paths.manage.class.path,
      'Class',
      async () => (await import('@/features/manage/class-page')).ManageClassPage,
    ),
    page(
      paths.manage.staff.path,
      'Staff',
      async () => (await import('@/features/manage/staff-page')).StaffPage,
    ),
    page(
      paths.manage.students.path,
      'Students',
      async () => (await import('@/features/manage/students-page')).ManageStudentsPage,
    ),
    page(
      paths.manage.import.path,
      'Import a roster',
      async () => (await import('@/features/manage/import-page')).ImportPage,
    ),
  ],
});

const insightsRoutes = (): RouteObject => ({
  path: paths.insights.path,
  handle: { access: AREA_ACCESS.insights } satisfies RouteHandle,
  children: [
    indexPage('Insights', async () => (await import('@/features/insights/insights-page')).InsightsPage),
  ],
});

const districtRoutes = (): RouteObject => ({
  path: paths.district.root.path,
  handle: { access: AREA_ACCESS.district } satisfies RouteHandle,
  children: [
    indexPage(
      'District overview',
      async () => (await import('@/features/district/overview-page')).DistrictOverviewPage,
    ),
    page(
      paths.district.settings.path,
      'District settings',
      async () => (await import('@/features/district/settings-page')).DistrictSettingsPage,
    ),
    page(
      paths.district.resources.path,
      'District resources',
      async () => (await import('@/features/district/resources-page')).DistrictResourcesPage,
    ),
  ],
});

const assignmentRoutes = (): RouteObject => ({
  path: paths.assignments.root.path,
  handle: { access: AREA_ACCESS.assignments } satisfies RouteHandle,
  children: [
    redirectIndex(() => paths.assignments.allPowerBuilders.getHref()),
    page(
      paths.assignments.allPowerBuilders.path,
      'All power builders',
      async () => (await import('@/features/assignments/all-power-builders-page')).AllPowerBuildersPage,
    ),
    page(
      paths.assignments.assigned.path,
      'Assigned',
      async () => (await import('@/features/assignments/assigned-page')).AssignedPage,
    ),
  ],
});

/** Teacher, management, insights, district and assignment areas share one frame whose menu adapts to the role. */
const staffRoutes = (): RouteObject =>
  layout(async () => (await import('./layouts/staff-layout')).StaffLayout, { access: AREA_ACCESS.signedIn }, [
    teacherRoutes(),
    manageRoutes(),
    insightsRoutes(),
    districtRoutes(),
    assignmentRoutes(),
  ]);

const bookId = (params: Params) => param(params, 'bookId');

/** The "Power-builders area" (docs/rules.md C26): hidden from navigation. */
const bookRoutes = (): RouteObject => ({
  path: paths.book.root.path,
  handle: { access: AREA_ACCESS.book } satisfies RouteHandle,
  children: [
    // The customer shows nothing at the book's own address; reading is what opening a book means.
    redirectIndex((params) => paths.book.read.getHref(bookId(params))),
    page(paths.book.read.path, 'Read', async () => (await import('@/features/book/read-page')).BookReadPage),
    page(
      paths.book.demoRead.path,
      'Demo reading',
      async () => (await import('@/features/book/demo-read-page')).DemoReadPage,
    ),
    page(paths.book.quiz.path, 'Quiz', async () => (await import('@/features/book/quiz-page')).BookQuizPage),
    page(
      paths.book.demoQuiz.path,
      'Demo quiz',
      async () => (await import('@/features/book/demo-quiz-page')).DemoQuizPage,
    ),
    page(
      paths.book.rateBuilder.path,
      'Rate builder',
      async () => (await import('@/features/book/rate-builder-page')).RateBuilderPage,
    ),
    {
      path: paths.book.readAloud.path,
      children: [
        redirectIndex((params) => paths.book.practice.getHref(bookId(params))),
        page(
          paths.book.practice.path,
          'Practise reading aloud',
          async () => (await import('@/features/book/practice-page')).BookPracticePage,
        ),
        page(
          paths.book.demoPractice.path,
          'Demo practice',
          async () => (await import('@/features/book/demo-practice-page')).DemoPracticePage,
        ),
        page(
          paths.book.assignment.path,
          'Reading assignment',
          async () => (await import('@/features/book/assignment-page')).BookAssignmentPage,
        ),
      ],
    },
  ],
});

const worksheetId = (params: Params) => param(params, 'worksheetId');

/** The "Student assignments" area (docs/rules.md C26): every child hidden from navigation. */
const studentAssignmentRoutes = (): RouteObject => ({
  path: paths.studentAssignment.root.path,
  handle: { access: AREA_ACCESS.studentAssignments } satisfies RouteHandle,
  children: [
    redirectIndex((params) => paths.studentAssignment.read.getHref(worksheetId(params))),
    page(
      paths.studentAssignment.read.path,
      'Read',
      async () => (await import('@/features/student-assignments/read-page')).AssignmentReadPage,
    ),
    page(
      paths.studentAssignment.quiz.path,
      'Quiz',
      async () => (await import('@/features/student-assignments/quiz-page')).AssignmentQuizPage,
    ),
    {
      path: paths.studentAssignment.readAloud.path,
      children: [
        redirectIndex((params) => paths.studentAssignment.practice.getHref(worksheetId(params))),
        page(
          paths.studentAssignment.practice.path,
          'Practise reading aloud',
          async () => (await import('@/features/student-assignments/practice-page')).AssignmentPracticePage,
        ),
        page(
          paths.studentAssignment.assignment.path,
          'Reading assignment',
          async () =>
            (await import('@/features/student-assignments/assignment-page')).AssignmentRecordingPage,
        ),
      ],
    },
  ],
});

/** Pages that take the whole screen: no navigation bar, only a way back home. */
const focusRoutes = (): RouteObject =>
  layout(async () => (await import('./layouts/focus-layout')).FocusLayout, {}, [
    page(
      paths.skillBuilder.path,
      'Skill builder',
      async () => (await import('@/features/skill-builders/skill-builder-page')).SkillBuilderPage,
      AREA_ACCESS.skillBuilder,
    ),
    bookRoutes(),
    page(
      paths.placement.path,
      'Placement test',
      async () => (await import('@/features/placement/placement-page')).PlacementPage,
      AREA_ACCESS.placement,
    ),
    studentAssignmentRoutes(),
  ]);

/**
 * The route tree. A function, because the router writes what a lazy route loaded onto its route objects: each
 * router needs objects of its own. With the app's data cache, first screens start their reads early (first-reads.ts).
 */
export function createRoutes(queryClient?: QueryClient): RouteObject[] {
  const routes: RouteObject[] = [
    {
      id: 'root',
      Component: AppRoot,
      HydrateFallback: PageLoader,
      ErrorBoundary: RouteErrorPage,
      loader: createGuardLoader(() => routes),
      // docs/rules.md C1: the guard runs on every navigation, not only when the root's own params change.
      shouldRevalidate: () => true,
      children: [
        publicRoutes(),
        landingRoutes(),
        studentRoutes(queryClient),
        staffRoutes(),
        focusRoutes(),
        {
          path: paths.notFound.path,
          lazy: lazyComponent(async () => (await import('./not-found-page')).NotFoundPage),
        },
      ],
    },
  ];
  return routes;
}

/** The browser's router, connected so lib/ code (a lost session) can navigate without a full reload. */
export function createAppRouter(queryClient: QueryClient) {
  const router = createBrowserRouter(createRoutes(queryClient));
  connectNavigator({
    currentPath: () => {
      const { pathname, search, hash } = router.state.location;
      return pathname + search + hash;
    },
    go: (href) => void router.navigate(href, { replace: true }),
  });
  return router;
}
