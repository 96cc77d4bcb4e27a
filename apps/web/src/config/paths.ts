/**
 * Every address (docs/rules.md C26), in one place, spelled as the customer spells it (including `/assingments`).
 * Routes use `path`; links and redirects use `getHref`. Who may open each route lives with the route (app/router).
 */
import type { Role } from '@readalong/contracts';

type Id = string | number;
const at = (path: string) => ({ path, getHref: () => path });

export const paths = {
  landing: at('/'),

  login: {
    path: '/login',
    /** `next` is where to go after signing in (docs/rules.md C1, the guard's first rule). */
    getHref: (next?: string) => (next ? `/login?${new URLSearchParams({ next }).toString()}` : '/login'),
  },
  forgetPassword: at('/forget-password'),
  resetPassword: {
    path: '/reset-password/:magicLink',
    getHref: (magicLink: string) => `/reset-password/${encodeURIComponent(magicLink)}`,
  },

  student: {
    home: at('/home'),
    powerBuilders: at('/power-builders'),
    favorites: at('/favorites'),
    settings: at('/settings'),
    myWork: at('/my-work'),
    myProgress: at('/my-progress'),
    resources: at('/resources'),
  },

  skillBuilder: {
    path: '/skill-builders/:skillBuilderId',
    getHref: (skillBuilderId: Id) => `/skill-builders/${skillBuilderId}`,
  },

  teacher: {
    root: at('/teacher'),
    students: {
      path: '/teacher/students/:studentId?',
      getHref: (studentId?: Id) =>
        studentId === undefined ? '/teacher/students' : `/teacher/students/${studentId}`,
    },
    studentReport: {
      path: '/teacher/students/:studentId/report',
      getHref: (studentId: Id) => `/teacher/students/${studentId}/report`,
    },
    class: at('/teacher/class'),
    settings: at('/teacher/settings'),
    resources: at('/teacher/resources'),
    /** Ours (docs/rules.md C40): alerts about the staff member's students; SPEC's teacher area has no such child. */
    alerts: at('/teacher/alerts'),
    /** Ours (docs/rules.md C31): every staff role's own account, in the area all staff roles open. */
    account: at('/teacher/account'),
  },

  manage: {
    root: at('/manage'),
    school: at('/manage/school'),
    classes: at('/manage/classes'),
    class: { path: '/manage/classes/:classId', getHref: (classId: Id) => `/manage/classes/${classId}` },
    staff: at('/manage/staff'),
    students: at('/manage/students'),
    import: at('/manage/import'),
  },

  insights: at('/insights'),

  district: {
    root: at('/district'),
    settings: at('/district/settings'),
    resources: at('/district/resources'),
  },

  assignments: {
    root: at('/assingments'),
    allPowerBuilders: at('/assingments/all-power-builders'),
    assigned: at('/assingments/assigned'),
  },

  book: {
    root: { path: '/power-builders/:bookId', getHref: (bookId: Id) => `/power-builders/${bookId}` },
    read: { path: '/power-builders/:bookId/read', getHref: (bookId: Id) => `/power-builders/${bookId}/read` },
    demoRead: {
      path: '/power-builders/:bookId/demo-read',
      getHref: (bookId: Id) => `/power-builders/${bookId}/demo-read`,
    },
    quiz: { path: '/power-builders/:bookId/quiz', getHref: (bookId: Id) => `/power-builders/${bookId}/quiz` },
    demoQuiz: {
      path: '/power-builders/:bookId/demo-quiz',
      getHref: (bookId: Id) => `/power-builders/${bookId}/demo-quiz`,
    },
    rateBuilder: {
      path: '/power-builders/:bookId/rate-builder',
      getHref: (bookId: Id) => `/power-builders/${bookId}/rate-builder`,
    },
    readAloud: {
      path: '/power-builders/:bookId/read-aloud',
      getHref: (bookId: Id) => `/power-builders/${bookId}/read-aloud`,
    },
    practice: {
      path: '/power-builders/:bookId/read-aloud/practice',
      getHref: (bookId: Id) => `/power-builders/${bookId}/read-aloud/practice`,
    },
    demoPractice: {
      path: '/power-builders/:bookId/read-aloud/demo-practice',
      getHref: (bookId: Id) => `/power-builders/${bookId}/read-aloud/demo-practice`,
    },
    assignment: {
      path: '/power-builders/:bookId/read-aloud/assignment',
      getHref: (bookId: Id) => `/power-builders/${bookId}/read-aloud/assignment`,
    },
  },

  placement: at('/placement'),

  studentAssignment: {
    root: {
      path: '/student-assignments/power-builders/:worksheetId',
      getHref: (worksheetId: Id) => `/student-assignments/power-builders/${worksheetId}`,
    },
    read: {
      path: '/student-assignments/power-builders/:worksheetId/read',
      getHref: (worksheetId: Id) => `/student-assignments/power-builders/${worksheetId}/read`,
    },
    quiz: {
      path: '/student-assignments/power-builders/:worksheetId/quiz',
      getHref: (worksheetId: Id) => `/student-assignments/power-builders/${worksheetId}/quiz`,
    },
    readAloud: {
      path: '/student-assignments/power-builders/:worksheetId/read-aloud',
      getHref: (worksheetId: Id) => `/student-assignments/power-builders/${worksheetId}/read-aloud`,
    },
    practice: {
      path: '/student-assignments/power-builders/:worksheetId/read-aloud/practice',
      getHref: (worksheetId: Id) => `/student-assignments/power-builders/${worksheetId}/read-aloud/practice`,
    },
    assignment: {
      path: '/student-assignments/power-builders/:worksheetId/read-aloud/assignment',
      getHref: (worksheetId: Id) =>
        `/student-assignments/power-builders/${worksheetId}/read-aloud/assignment`,
    },
  },

  notFound: { path: '*' },
} as const;

/** Where each role starts after signing in. */
export const ROLE_HOMES: Record<Role, string> = {
  student: paths.student.home.getHref(),
  teacher: paths.teacher.students.getHref(),
  owner: paths.insights.getHref(),
  department_head: paths.district.root.getHref(),
};

/** The `next` address if it stays inside the app, else `fallback`; stops open redirects to other sites. */
export function nextPathOr(next: string | null, fallback: string): string {
  const isLocal = next !== null && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\');
  return isLocal ? next : fallback;
}

/** docs/rules.md C28: a department head scopes class data to one school with `school_id`. */
export const SCHOOL_ID_PARAM = 'school_id';

/**
 * `href` with the chosen school carried along, so a department head's choice survives moving between pages: added to
 * the query `href` already has (a path, a path with a query or a hash, or a bare `?query`), replacing any school there.
 */
export function withSchoolScope(href: string, schoolId: string | null): string {
  if (schoolId === null || schoolId === '') return href;
  const url = new URL(href, 'http://app/');
  url.searchParams.set(SCHOOL_ID_PARAM, schoolId);
  // A bare `?query` stays one: it is of the page it is on.
  return `${href.startsWith('?') ? '' : url.pathname}${url.search}${url.hash}`;
}
