/** SPEC.md §7 "Teacher, school, logging, notifications". Licences: PRODUCT.md §8; notifications: §6. */
import { z } from 'zod';
import { ANY_ROLE, STAFF, STUDENT, defineContract } from '../contract.js';
import {
  CalendarDate,
  Count,
  DateRange,
  IdParams,
  Ok,
  QueryBoolean,
  RecordId,
  SchoolScope,
} from '../common.js';
import { Role } from '../domain.js';
import { Notification, ReadingActivityLog, RecordingActivityLog, StudentReadingRow } from '../entities.js';

export const Teacher = z.object({
  id: RecordId,
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  login_role: Role,
  school_id: RecordId.nullable(),
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

export const getStudentReadingOverview = defineContract({
  name: 'getStudentReadingOverview',
  method: 'GET',
  path: '/v1/teacher/student-reading-overview',
  summary: 'Reading of every student in scope over a date range (default the last 30 days).',
  access: STAFF,
  query: z.object({ ...SchoolScope, ...DateRange }),
  response: z.object({ students: z.array(StudentReadingRow) }),
});

export const RESOURCE_KINDS = ['pdf', 'video', 'link'] as const;

export const getTeacherResources = defineContract({
  name: 'getTeacherResources',
  method: 'GET',
  path: '/v1/teacher/resources',
  summary: 'Guides, lesson plans and videos for staff.',
  access: STAFF,
  response: z.object({
    resources: z.array(
      z.object({
        id: RecordId,
        title: z.string(),
        description: z.string(),
        category: z.string(),
        kind: z.enum(RESOURCE_KINDS),
        url: z.string(),
      }),
    ),
  }),
});

export const LicensePack = z.object({
  id: RecordId,
  school_id: RecordId,
  seats: Count,
  seats_used: Count,
  start_date: CalendarDate,
  end_date: CalendarDate,
  active: z.boolean(),
});

export const getLicensePackUsage = defineContract({
  name: 'getLicensePackUsage',
  method: 'GET',
  path: '/v1/school/license-packs/usage',
  summary: 'Seats of a school’s active licence packs: total, used and free.',
  access: STAFF,
  query: z.object({ ...SchoolScope }),
  response: z.object({
    school_id: RecordId,
    seats_total: Count,
    seats_used: Count,
    seats_free: Count,
    next_end_date: CalendarDate.nullable().describe('when the first active pack ends'),
  }),
});

export const getLicensePacks = defineContract({
  name: 'getLicensePacks',
  method: 'GET',
  path: '/v1/school/license-packs',
  summary: 'A school’s licence packs, newest first.',
  access: STAFF,
  query: z.object({ ...SchoolScope }),
  response: z.object({ license_packs: z.array(LicensePack) }),
});

export const getLicensePackUsageHistory = defineContract({
  name: 'getLicensePackUsageHistory',
  method: 'GET',
  path: '/v1/school/license-packs/usage-history',
  summary: 'A school’s seat usage month by month.',
  access: STAFF,
  query: z.object({ ...SchoolScope }),
  response: z.object({
    history: z.array(
      z.object({
        month: z
          .string()
          .regex(/^\d{4}-\d{2}$/)
          .describe('YYYY-MM'),
        seats_total: Count,
        seats_used: Count,
      }),
    ),
  }),
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

export const logReadingActivity = defineContract({
  name: 'logReadingActivity',
  method: 'POST',
  path: '/v1/data-logger/reading-activity',
  summary: 'Log a stretch of reading by the signed-in student.',
  access: STUDENT,
  body: ReadingActivityLog,
  response: Ok,
});

export const logRecordingActivity = defineContract({
  name: 'logRecordingActivity',
  method: 'POST',
  path: '/v1/data-logger/recording-activity',
  summary: 'Log how often the signed-in student re-recorded a worksheet.',
  access: STUDENT,
  body: RecordingActivityLog,
  response: Ok,
});

export const listNotifications = defineContract({
  name: 'listNotifications',
  method: 'GET',
  path: '/v1/notifications',
  summary: 'The caller’s notifications, newest first.',
  access: ANY_ROLE,
  query: z.object({ read: QueryBoolean.optional().describe('only read (true) or unread (false) ones') }),
  response: z.object({ notifications: z.array(Notification), unread_count: Count }),
});

export const markNotificationRead = defineContract({
  name: 'markNotificationRead',
  method: 'PATCH',
  path: '/v1/notifications/{id}',
  summary: 'Mark one of the caller’s notifications read (or unread).',
  access: ANY_ROLE,
  params: IdParams,
  body: z.strictObject({ read: z.boolean().default(true).describe('false marks it unread again') }),
  response: Notification,
});
