/**
 * Who may open each area (docs/rules.md C2), in one typed table. Route handles point at these entries (app/router)
 * and menus filter by them (config/navigation), so a role requirement is written once.
 */
import type { Role } from '@readalong/contracts';

/** What the navigation guard (docs/rules.md C1) needs to know about a route. */
export interface RouteAccess {
  /** Sign-in pages: a signed-in user who opens one goes to the landing page (guard rule 5). */
  readonly isPublic?: boolean;
  /** Signed-out users go to login first (guard rule 1). */
  readonly requiresAuth?: boolean;
  /** Only these roles may enter; others go to the landing page (guard rule 3). Implies `requiresAuth`. */
  readonly roles?: readonly Role[];
}

const STUDENT_ONLY = ['student'] as const satisfies readonly Role[];
/** docs/rules.md C2: owners have the teacher's access; department heads have it too, plus the district. */
const STAFF = ['teacher', 'owner', 'department_head'] as const satisfies readonly Role[];

export const AREA_ACCESS = {
  public: { isPublic: true },
  /** The landing page: any signed-in user (docs/rules.md C2). */
  signedIn: { requiresAuth: true },
  student: { requiresAuth: true, roles: STUDENT_ONLY },
  skillBuilder: { requiresAuth: true, roles: STUDENT_ONLY },
  teacher: { requiresAuth: true, roles: STAFF },
  manage: { requiresAuth: true, roles: STAFF },
  insights: { requiresAuth: true, roles: STAFF },
  district: { requiresAuth: true, roles: ['department_head'] },
  assignments: { requiresAuth: true, roles: STAFF },
  book: { requiresAuth: true, roles: ['owner', 'teacher', 'student', 'department_head'] },
  /** Placement and student assignments are for students (docs/rules.md C2). */
  placement: { requiresAuth: true, roles: STUDENT_ONLY },
  studentAssignments: { requiresAuth: true, roles: STUDENT_ONLY },
} as const satisfies Record<string, RouteAccess>;

export type AreaName = keyof typeof AREA_ACCESS;

/** Whether a user of `role` may open a route with this access. */
export function canEnter(access: RouteAccess, role: Role | null): boolean {
  if (access.roles === undefined) return true;
  return role !== null && access.roles.includes(role);
}

/** docs/rules.md C28: only a department head uses the `school_id` query parameter as a scope. */
export function usesSchoolScope(role: Role | null): boolean {
  return role === 'department_head';
}
