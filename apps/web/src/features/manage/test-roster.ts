/** A small school for the management screens' tests: two teachers, two classes, students. */
import { buildClass } from '@/test/factories';
import type { ManagedClass } from './api/classes';
import type { StaffMember } from './api/staff';
import type { ManagedStudent } from './api/students';

export const maple: ManagedClass = buildClass({ teachers: [{ id: 21, name: 'Ana Ruiz' }] });

export const oak: ManagedClass = {
  ...maple,
  id: 4,
  name: 'Grade 4 Oak',
  num_students: 2,
  student_count: 2,
  teachers: [{ id: 22, name: 'Tom Berg' }],
};

export const student = (id: number, first: string, last: string): ManagedStudent => ({
  student_id: id,
  username: `${first}.${last}`.toLowerCase(),
  first_name: first,
  last_name: last,
  name: `${first} ${last}`,
  profile_pic_url: null,
  class_id: 3,
  colour_band_id: 5,
  series: 6,
  last_active_at: '2030-03-01T10:00:00.000Z',
  disabled: false,
});

export const mia = student(101, 'Mia', 'Lopez');
export const ben = student(102, 'Ben', 'Cho');

export const staffMember = (
  id: number,
  first: string,
  last: string,
  login_role: StaffMember['login_role'] = 'teacher',
): StaffMember => ({
  id,
  username: `${first}.${last}`.toLowerCase(),
  first_name: first,
  last_name: last,
  email: `${first}@school.test`.toLowerCase(),
  login_role,
  school_id: 1,
  class_ids: [],
  profile_pic_url: null,
  disabled: false,
});

export const teachers = [staffMember(21, 'Ana', 'Ruiz'), staffMember(22, 'Tom', 'Berg')];
