import type { Role } from '@readalong/contracts';

/** How each role reads to a person. */
export const ROLE_LABELS: Record<Role, string> = {
  student: 'Student',
  teacher: 'Teacher',
  owner: 'School owner',
  department_head: 'Department head',
};
