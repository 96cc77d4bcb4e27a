import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { usesSchoolScope } from '@/config/access';
import { SCHOOL_ID_PARAM, withSchoolScope } from '@/config/paths';
import { useAuth } from '@/lib/auth-store';

/** The `school_id` a call is scoped to: a department head's chosen school, else none (docs/rules.md C28). */
export interface SchoolScope {
  school_id?: number;
}

/**
 * The school a department head picked in the frame's picker (kept in the address as `school_id`), else none: other
 * roles have one school, or a teacher's classes, and never send it (docs/rules.md C28).
 */
export function usePickedSchool(): number | undefined {
  const { userRole } = useAuth();
  const [searchParams] = useSearchParams();
  const chosen = Number(searchParams.get(SCHOOL_ID_PARAM));
  return usesSchoolScope(userRole) && Number.isInteger(chosen) && chosen > 0 ? chosen : undefined;
}

/** The picked school as a call's query. */
export function useSchoolScope(): SchoolScope {
  const schoolId = usePickedSchool();
  return schoolId === undefined ? {} : { school_id: schoolId };
}

/** A link that keeps the department head's chosen school. */
export const scopedHref = (href: string, scope: SchoolScope) =>
  withSchoolScope(href, scope.school_id ? String(scope.school_id) : null);

/**
 * Every in-app link of a staff page goes through this (docs/rules.md C28): it adds the department head's picked
 * school to `href` (a path, or a bare `?query` of the same page), so moving on keeps the choice in the address.
 */
export function useScopedHref(): (href: string) => string {
  const schoolId = usePickedSchool();
  return useCallback(
    (href: string) => withSchoolScope(href, schoolId === undefined ? null : String(schoolId)),
    [schoolId],
  );
}

/**
 * A page's new query (`?class=…`, started afresh) that keeps the picked school (docs/rules.md C28), for
 * `setSearchParams`.
 */
export function useScopedSearch(): (values: Record<string, string>) => URLSearchParams {
  const schoolId = usePickedSchool();
  return useCallback(
    (values: Record<string, string>) =>
      new URLSearchParams({
        ...values,
        ...(schoolId !== undefined && { [SCHOOL_ID_PARAM]: String(schoolId) }),
      }),
    [schoolId],
  );
}
