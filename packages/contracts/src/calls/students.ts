/**
 * Module students: a student's details, reset, placement, builders and placement test (docs/rules.md R15–R20).
 * Goals are modules/goals' calls (calls/goals.ts).
 */
import { z } from 'zod';
import { Count, Id, IdParams, paging, RecordId, SchoolScope, Text } from '../common.js';
import { ANY_ROLE, defineContract, STAFF, STUDENT } from '../contract.js';
import { ColourBandId, Role, SeriesId } from '../domain-schemas.js';
import { Class, StudentBuilder, StudentSummary } from '../entities.js';
import { SessionUser } from './auth.js';
import { MAX_BATCH, NewStudent } from './shared.js';

export const getUserDetails = defineContract({
  name: 'getUserDetails',
  method: 'GET',
  path: '/v2/students/user-details',
  summary: 'The signed-in student’s level, coins, reading options, home class and pending placement test.',
  access: STUDENT,
  response: SessionUser.pick({
    colour_band_id: true,
    series_id: true,
    coins: true,
    read_aloud_enabled: true,
    narration_enabled: true,
    class_id: true,
    placement_test_id: true,
  }),
});

/** A student's level after a placement or reset. */
export const StudentLevel = z.object({
  student_id: RecordId,
  series_id: SeriesId.nullable(),
  colour_band_id: ColourBandId.nullable().describe('null after a reset, until placement'),
  placement_test_id: RecordId.nullable().describe('the placement test the student takes next, if any'),
});

export const resetStudent = defineContract({
  name: 'resetStudent',
  method: 'POST',
  path: '/v2/students/{id}/reset',
  summary:
    'Reset a student: the colour band becomes none and the student retakes placement (RetakePlacement).',
  access: STAFF,
  params: IdParams,
  body: z.strictObject({
    starting_point: SeriesId.describe('the series whose placement test the student takes next'),
  }),
  response: StudentLevel,
});

export const placeStudent = defineContract({
  name: 'placeStudent',
  method: 'PATCH',
  path: '/v1/students/{id}/placement',
  summary: 'Place a student by hand at a series and colour band (ManualPlacement).',
  access: STAFF,
  params: IdParams,
  body: z.strictObject({
    series_id: SeriesId,
    colour_band_id: ColourBandId.describe('a band of that series'),
    reason: Text.trim().max(500).optional().describe('why: kept with the level change for teachers to read'),
  }),
  response: StudentLevel,
});

export const CreatedUser = z.object({
  user_id: RecordId,
  username: z.string(),
  login_role: Role,
  first_name: z.string(),
  last_name: z.string(),
  initial_password: z
    .string()
    .nullable()
    .describe('the generated password, shown once; null when one was given'),
});

export const batchCreateStudents = defineContract({
  name: 'batchCreateStudents',
  method: 'POST',
  path: '/v1/students/batch-create',
  summary: 'Create students in a class, all or none; refused past the class size or free licence seats.',
  access: STAFF,
  status: 201,
  body: z.strictObject({
    class_id: RecordId.describe('their home class'),
    students: z.array(NewStudent).min(1, 'add at least one student').max(MAX_BATCH),
  }),
  response: z.object({ students: z.array(CreatedUser) }),
});

export const listStudents = defineContract({
  name: 'listStudents',
  method: 'GET',
  path: '/v1/students',
  summary: 'Students in the caller’s scope, by name.',
  access: STAFF,
  query: z.object({
    ...SchoolScope,
    class_id: Id.optional().describe('only students enrolled in this class'),
    search: Text.trim().max(100).optional().describe('part of a name or username'),
    ...paging(),
  }),
  response: z.object({ students: z.array(StudentSummary), total: Count }),
});

export const getStudentSkillBuilders = defineContract({
  name: 'getStudentSkillBuilders',
  method: 'GET',
  path: '/v1/students/{id}/skill-builders',
  summary: 'A student’s skill builders: assigned, suggested and done.',
  access: ANY_ROLE,
  params: IdParams,
  response: z.object({ skill_builders: z.array(StudentBuilder) }),
});

export const getStudentRateBuilders = defineContract({
  name: 'getStudentRateBuilders',
  method: 'GET',
  path: '/v1/students/{id}/rate-builders',
  summary: 'A student’s rate builders with the speed reached.',
  access: ANY_ROLE,
  params: IdParams,
  response: z.object({ rate_builders: z.array(StudentBuilder) }),
});

export const getPlacementTest = defineContract({
  name: 'getPlacementTest',
  method: 'GET',
  path: '/v2/students/placement-test',
  summary: 'The placement test the signed-in student should take; 404 when none is due.',
  access: STUDENT,
  response: z.object({ passage_id: RecordId, series_id: SeriesId }),
});

export const getStudentClasses = defineContract({
  name: 'getStudentClasses',
  method: 'GET',
  path: '/v1/students/{id}/classes',
  summary: 'The classes a student is enrolled in (students: their own id).',
  access: ANY_ROLE,
  params: IdParams,
  response: z.object({ classes: z.array(Class) }),
});
