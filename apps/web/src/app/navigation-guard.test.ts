import { ROLES, type Role } from '@readalong/contracts';
import { describe, expect, it, vi } from 'vitest';
import { AREA_ACCESS, type AreaName, type RouteAccess } from '@/config/access';
import {
  decideNavigation,
  type GuardAuthState,
  type GuardEffects,
  type NavigationDecision,
} from './navigation-guard';

const FULL_PATH = '/teacher/students/4?school_id=2#notes';
const LOGIN_WITH_NEXT = `/login?next=${encodeURIComponent(FULL_PATH)}`;

const signedOut: GuardAuthState = { isAuthenticated: false, isAuthExpired: false, userRole: null };
const signedInAs = (role: Role, isAuthExpired = false): GuardAuthState => ({
  isAuthenticated: true,
  isAuthExpired,
  userRole: role,
});

type Validation = Awaited<ReturnType<GuardEffects['validateUser']>>;
const valid: Validation = { ok: true };
const rejected = (status: number, message: string): Validation => ({ ok: false, status, message });

interface Row {
  rule: string;
  route: RouteAccess;
  auth: GuardAuthState;
  refresh?: boolean | 'throws';
  validation?: Validation | 'throws';
  expected: NavigationDecision;
  /** Whether the guard must sign the user out on the way. */
  logsOut?: boolean;
}

function effectsFor(row: Row) {
  const refreshResult = row.refresh ?? true;
  const validation = row.validation ?? valid;
  return {
    refresh: vi.fn(() =>
      refreshResult === 'throws' ? Promise.reject(new Error('offline')) : Promise.resolve(refreshResult),
    ),
    logout: vi.fn(() => Promise.resolve()),
    validateUser: vi.fn(() =>
      validation === 'throws' ? Promise.reject(new Error('offline')) : Promise.resolve(validation),
    ),
  } satisfies GuardEffects;
}

const allow: NavigationDecision = { kind: 'allow' };
const toLanding: NavigationDecision = { kind: 'redirect', to: '/' };
const toLogin: NavigationDecision = { kind: 'redirect', to: LOGIN_WITH_NEXT };
const toLoginWith = (message: string): NavigationDecision => ({
  kind: 'redirect',
  to: LOGIN_WITH_NEXT,
  toast: { type: 'negative', message },
});

/**
 * Who may enter each role-restricted area (docs/rules.md C2), written out here rather than read from AREA_ACCESS,
 * so a role added to or dropped from the table fails a row.
 */
const STAFF: Role[] = ['teacher', 'owner', 'department_head'];
const WHO_ENTERS: Partial<Record<AreaName, Role[]>> = {
  student: ['student'],
  skillBuilder: ['student'],
  teacher: STAFF,
  manage: STAFF,
  insights: STAFF,
  district: ['department_head'],
  assignments: STAFF,
  book: ['student', ...STAFF],
  placement: ['student'],
  studentAssignments: ['student'],
};

/** Every role against every role-restricted area: in the list → allowed; otherwise → the landing page. */
const roleRows: Row[] = Object.entries(WHO_ENTERS).flatMap(([area, entering]) =>
  ROLES.map((role) => ({
    rule: `3 · ${role} opening the ${area} area`,
    route: AREA_ACCESS[area as AreaName],
    auth: signedInAs(role),
    expected: entering.includes(role) ? allow : toLanding,
  })),
);

const rows: Row[] = [
  {
    rule: '1 · signed out, route needs sign-in',
    route: AREA_ACCESS.signedIn,
    auth: signedOut,
    expected: toLogin,
  },
  {
    rule: '1 · signed out, role-restricted route',
    route: AREA_ACCESS.teacher,
    auth: signedOut,
    expected: toLogin,
  },
  { rule: '1 · signed out, public route', route: AREA_ACCESS.public, auth: signedOut, expected: allow },
  { rule: '1 · signed out, page open to all (not found)', route: {}, auth: signedOut, expected: allow },
  {
    rule: '2 · expired, refresh succeeds',
    route: AREA_ACCESS.teacher,
    auth: signedInAs('teacher', true),
    refresh: true,
    expected: allow,
  },
  {
    rule: '2 · expired, refresh fails',
    route: AREA_ACCESS.teacher,
    auth: signedInAs('teacher', true),
    refresh: false,
    expected: toLogin,
    logsOut: true,
  },
  {
    rule: '2 · expired, refresh cannot reach the server',
    route: AREA_ACCESS.student,
    auth: signedInAs('student', true),
    refresh: 'throws',
    expected: toLogin,
    logsOut: true,
  },
  {
    rule: '2 · expired on a public route, refresh fails',
    route: AREA_ACCESS.public,
    auth: signedInAs('owner', true),
    refresh: false,
    expected: toLogin,
    logsOut: true,
  },
  {
    rule: '2 then 3 · expired, refreshed, wrong role',
    route: AREA_ACCESS.district,
    auth: signedInAs('teacher', true),
    refresh: true,
    expected: toLanding,
  },
  ...roleRows,
  {
    rule: '4 · 401 "password has been changed"',
    route: AREA_ACCESS.teacher,
    auth: signedInAs('teacher'),
    validation: rejected(401, 'password has been changed'),
    expected: toLoginWith('Your password has been changed, please re-login!'),
    logsOut: true,
  },
  {
    rule: '4 · 401 "account is disabled"',
    route: AREA_ACCESS.student,
    auth: signedInAs('student'),
    validation: rejected(401, 'account is disabled'),
    expected: toLoginWith('Your account has been disabled!'),
    logsOut: true,
  },
  {
    rule: '4 · 401 with any other text',
    route: AREA_ACCESS.signedIn,
    auth: signedInAs('owner'),
    validation: rejected(401, 'token revoked'),
    expected: toLoginWith('You have been logged out!'),
    logsOut: true,
  },
  {
    rule: '4 · 401 on a public route (before rule 5)',
    route: AREA_ACCESS.public,
    auth: signedInAs('department_head'),
    validation: rejected(401, 'account is disabled'),
    expected: toLoginWith('Your account has been disabled!'),
    logsOut: true,
  },
  {
    rule: '4 · a 500 from validation keeps the session',
    route: AREA_ACCESS.teacher,
    auth: signedInAs('teacher'),
    validation: rejected(500, 'The server had a problem.'),
    expected: allow,
  },
  {
    rule: '4 · validation cannot reach the server',
    route: AREA_ACCESS.teacher,
    auth: signedInAs('teacher'),
    validation: 'throws',
    expected: allow,
  },
  ...ROLES.map((role): Row => ({
    rule: `5 · signed-in ${role} opening a public route`,
    route: AREA_ACCESS.public,
    auth: signedInAs(role),
    expected: toLanding,
  })),
  {
    rule: '5 · signed in, landing page',
    route: AREA_ACCESS.signedIn,
    auth: signedInAs('student'),
    expected: allow,
  },
];

describe('decideNavigation (C1)', () => {
  it('knows who may enter every role-restricted area', () => {
    const restricted = Object.entries(AREA_ACCESS).filter(
      ([, access]: [string, RouteAccess]) => access.roles,
    );
    expect(restricted.map(([area]) => area).sort()).toEqual(Object.keys(WHO_ENTERS).sort());
  });

  it.each(rows)('rule $rule', async (row) => {
    const effects = effectsFor(row);

    const decision = await decideNavigation(
      { route: row.route, fullPath: FULL_PATH, auth: row.auth },
      effects,
    );

    expect(decision).toEqual(row.expected);
    expect(effects.logout).toHaveBeenCalledTimes(row.logsOut ? 1 : 0);
  });

  it('tries a refresh only when the session has expired', async () => {
    const fresh = effectsFor({ rule: '', route: {}, auth: signedInAs('teacher'), expected: allow });
    const expired = effectsFor({ rule: '', route: {}, auth: signedInAs('teacher', true), expected: allow });

    await decideNavigation({ route: {}, fullPath: '/', auth: signedInAs('teacher') }, fresh);
    await decideNavigation({ route: {}, fullPath: '/', auth: signedInAs('teacher', true) }, expired);

    expect(fresh.refresh).not.toHaveBeenCalled();
    expect(expired.refresh).toHaveBeenCalledTimes(1);
  });

  it('asks the server only after the role check passes, and never for a signed-out user', async () => {
    const wrongRole = effectsFor({ rule: '', route: {}, auth: signedInAs('student'), expected: allow });
    const signedOutEffects = effectsFor({ rule: '', route: {}, auth: signedOut, expected: allow });

    await decideNavigation(
      { route: AREA_ACCESS.teacher, fullPath: '/', auth: signedInAs('student') },
      wrongRole,
    );
    await decideNavigation(
      { route: AREA_ACCESS.public, fullPath: '/login', auth: signedOut },
      signedOutEffects,
    );

    expect(wrongRole.validateUser).not.toHaveBeenCalled();
    expect(signedOutEffects.validateUser).not.toHaveBeenCalled();
  });
});
