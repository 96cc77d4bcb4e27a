/**
 * Module school: the schools of a district and their staff (docs/rules.md M6). Not served yet (future work of the
 * same module): teacher resources.
 */
import { z } from 'zod';
import { Count, EmailInput, IdParams, RecordId, SchoolScope } from '../common.js';
import { defineContract, STAFF } from '../contract.js';
import { Role } from '../domain-schemas.js';
import { MAX_BATCH, NewStudent } from './shared.js';
import { CreatedUser } from './students.js';

/** Who may create and delete accounts in bulk: school and district administrators. */
const ADMINS = ['owner', 'department_head'] as const;

const NewUser = NewStudent.extend({
  login_role: Role,
  email: EmailInput.nullable().optional().describe('required for staff'),
  school_id: RecordId.optional().describe('department heads: the school; others: their own'),
  class_ids: z.array(RecordId).max(50).optional().describe('classes to enrol (students) or teach (teachers)'),
});

export const batchDeleteUsers = defineContract({
  name: 'batchDeleteUsers',
  method: 'POST',
  path: '/v1/user-management/users/batch-delete',
  summary: 'Delete accounts of the caller’s school or district, all or none (never the caller’s own).',
  access: ADMINS,
  body: z.strictObject({
    user_ids: z
      .array(RecordId)
      .min(1, 'choose at least one user')
      .max(MAX_BATCH)
      .describe('accounts to delete'),
  }),
  response: z.object({ deleted: Count }),
});

export const batchCreateUsers = defineContract({
  name: 'batchCreateUsers',
  method: 'POST',
  path: '/v1/user-management/users/batch-create',
  summary: 'Create accounts of any role, all or none; students count against licence seats.',
  access: ADMINS,
  status: 201,
  body: z.strictObject({
    users: z.array(NewUser).min(1, 'add at least one user').max(MAX_BATCH),
  }),
  response: z.object({ users: z.array(CreatedUser) }),
});

export const ManagedUser = z.object({
  id: RecordId,
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  login_role: Role,
  school_id: RecordId.nullable(),
  disabled: z.boolean().describe('a disabled account cannot sign in (M10)'),
});

/** An account as staff edit it (our own call, M10): names, sign-in name, email, and whether it may sign in. */
export const updateUser = defineContract({
  name: 'updateUser',
  method: 'PATCH',
  path: '/v1/user-management/users/{id}',
  summary:
    'Edit an account of the caller’s school or district: names, username, email (staff), disabled. Disabling ends ' +
    'its sessions; enabling a student takes a licence seat (LP3). Never the caller’s own.',
  access: ADMINS,
  params: IdParams,
  body: z
    .strictObject({
      first_name: NewStudent.shape.first_name.optional(),
      last_name: NewStudent.shape.last_name.optional(),
      username: NewStudent.shape.username.optional(),
      email: EmailInput.nullable().optional().describe('staff only'),
      disabled: z.boolean().optional().describe('a disabled account cannot sign in'),
    })
    .refine((body) => Object.keys(body).length > 0, { message: 'change at least one field' }),
  response: ManagedUser,
});

export const setUserPassword = defineContract({
  name: 'setUserPassword',
  method: 'POST',
  path: '/v1/user-management/users/{id}/password',
  summary:
    'Reset an account’s password (M10): a student gets the given or a generated password, shown once; staff get a ' +
    'set-password link by email. Either way the account’s sessions end and its sign-in lockout is lifted.',
  access: ADMINS,
  params: IdParams,
  body: z.strictObject({ password: NewStudent.shape.password }),
  response: z.object({
    initial_password: z.string().nullable().describe('a student’s new password when generated, shown once'),
    link_sent_to: z.string().nullable().describe('the address a staff member’s link went to'),
  }),
});

/** A staff member as the staff list shows them: the account, the classes they teach and their picture. */
export const Teacher = ManagedUser.extend({
  class_ids: z.array(RecordId).describe('classes they teach'),
  profile_pic_url: z.string().nullable(),
});

export const listTeachers = defineContract({
  name: 'listTeachers',
  method: 'GET',
  path: '/v1/teacher',
  summary: 'The staff of the caller’s school (department heads: of their district, or one school).',
  access: STAFF,
  query: z.object({ ...SchoolScope }),
  response: z.object({ teacher: z.array(Teacher) }),
});

export const listSchools = defineContract({
  name: 'listSchools',
  method: 'GET',
  path: '/v1/school',
  summary: 'The schools of the caller’s district with their numbers (an owner sees their own school).',
  access: ['department_head', 'owner'],
  response: z.object({
    schools: z.array(
      z.object({
        id: RecordId,
        name: z.string(),
        district_id: RecordId,
        student_count: Count,
        teacher_count: Count,
        class_count: Count,
      }),
    ),
  }),
});
