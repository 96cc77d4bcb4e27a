import type { SchoolScope } from '@/shared/school-scope/school-scope';
import { useStaff } from '../api/staff';

/** The teachers a class may be given, as options of a multi-select (ids as text, as Mantine wants them). */
export function useTeacherOptions(scope: SchoolScope, schoolId?: number | null) {
  const staff = useStaff(scope);
  return (staff.data ?? [])
    .filter((member) => member.login_role === 'teacher')
    .filter((member) => !schoolId || member.school_id === schoolId)
    .map((member) => ({ value: String(member.id), label: `${member.first_name} ${member.last_name}` }));
}
