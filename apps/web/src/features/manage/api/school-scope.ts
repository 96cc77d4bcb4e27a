import { useSearchParams } from 'react-router';
import { usesSchoolScope } from '@/config/access';
import { SCHOOL_ID_PARAM, withSchoolScope } from '@/config/paths';
import { useAuth } from '@/lib/auth-store';

/** The `school_id` a call is scoped to: a department head's chosen school, else none (docs/rules.md C28). */
export interface SchoolScope {
  school_id?: number;
}

/** The school the management screens are scoped to, read from the address (the school picker writes it). */
export function useSchoolScope(): SchoolScope {
  const { userRole } = useAuth();
  const [searchParams] = useSearchParams();
  const chosen = Number(searchParams.get(SCHOOL_ID_PARAM));
  return usesSchoolScope(userRole) && chosen > 0 ? { school_id: chosen } : {};
}

/** A management link that keeps the department head's chosen school. */
export const scopedHref = (href: string, scope: SchoolScope) =>
  withSchoolScope(href, scope.school_id ? String(scope.school_id) : null);
