/**
 * Module classes: the classes in the caller's scope, made and changed by staff, and their students (docs/rules.md A3,
 * A5, M1–M4, M9). Not served yet (future work of the same module): translation settings and skill builders.
 */
import { z } from 'zod';
import { Count, IdParams, RecordId, SchoolScope, SubjectId, Text } from '../common.js';
import { DEFAULT_CLASS_SIZE } from '../constants.js';
import { ANY_ROLE, defineContract, STAFF } from '../contract.js';
import { Class, PassageActivity, StudentSummary } from '../entities.js';

const MAX_CLASS_SIZE = 1000;

export const listClasses = defineContract({
  name: 'listClasses',
  method: 'GET',
  path: '/v1/classes',
  summary: 'The classes in the caller’s scope (students use GET /v1/students/{id}/classes).',
  access: STAFF,
  query: z.object({ ...SchoolScope }),
  response: z.object({ classes: z.array(Class) }),
});

/** What a staff member sets on a class. */
const ClassFields = {
  name: Text.trim().min(1, 'name is required').max(100).describe('class name'),
  subject_id: SubjectId,
  num_students: z
    .number()
    .int()
    .min(1, 'a class holds at least one student')
    .max(MAX_CLASS_SIZE, `a class holds at most ${MAX_CLASS_SIZE} students`)
    .default(DEFAULT_CLASS_SIZE)
    .describe('capacity: enrolling past it is refused'),
  academic_level_id: RecordId.nullable().optional().describe('grade'),
  teacher_ids: z
    .array(RecordId)
    .max(20)
    .optional()
    .describe('its teachers; the caller when a teacher creates it'),
};

const NewClass = z.strictObject({
  ...ClassFields,
  school_id: RecordId.optional().describe('department heads: the school; others: their own'),
});

export const createClass = defineContract({
  name: 'createClass',
  method: 'POST',
  path: '/v1/classes',
  summary: 'Create a class.',
  access: STAFF,
  status: 201,
  body: NewClass,
  response: Class,
});

export const getClass = defineContract({
  name: 'getClass',
  method: 'GET',
  path: '/v1/classes/{id}',
  summary: 'A class.',
  access: STAFF,
  params: IdParams,
  response: Class,
});

export const updateClass = defineContract({
  name: 'updateClass',
  method: 'PUT',
  path: '/v1/classes/{id}',
  summary: 'Replace a class’s name, capacity, grade and teachers (capacity never below its enrolment).',
  access: STAFF,
  params: IdParams,
  body: z.strictObject(ClassFields),
  response: Class,
});

export const getClassStudents = defineContract({
  name: 'getClassStudents',
  method: 'GET',
  path: '/v1/classes/{id}/students',
  summary: 'The students enrolled in a class, with their colour band and series.',
  access: STAFF,
  params: IdParams,
  response: z.object({ students: z.array(StudentSummary) }),
});

export const batchCreateClasses = defineContract({
  name: 'batchCreateClasses',
  method: 'POST',
  path: '/v1/classes/batch-create',
  summary: 'Create several classes, all or none.',
  access: STAFF,
  status: 201,
  body: z.strictObject({
    classes: z.array(NewClass).min(1, 'add at least one class').max(200).describe('the classes to create'),
  }),
  response: z.object({ classes: z.array(Class) }),
});

export const removeClassStudents = defineContract({
  name: 'removeClassStudents',
  method: 'POST',
  path: '/v1/classes/{id}/students',
  summary: 'Remove students from a class (their accounts and work stay).',
  access: STAFF,
  params: IdParams,
  body: z.strictObject({
    student_ids: z
      .array(RecordId)
      .min(1, 'choose at least one student')
      .max(MAX_CLASS_SIZE)
      .describe('to remove'),
  }),
  response: z.object({ class_id: RecordId, removed: Count }),
});

export const enrolClassStudents = defineContract({
  name: 'enrolClassStudents',
  method: 'POST',
  path: '/v1/classes/{id}/students/enrol',
  summary:
    'Enrol students of the class’s school in it, all or none, within its capacity; from_class_id moves them out of that class.',
  access: STAFF,
  params: IdParams,
  body: z.strictObject({
    student_ids: z
      .array(RecordId)
      .min(1, 'choose at least one student')
      .max(MAX_CLASS_SIZE)
      .describe('to enrol'),
    from_class_id: RecordId.optional().describe('a move: the class they leave'),
  }),
  response: z.object({ class_id: RecordId, enrolled: Count }),
});

const TranslationConfig = z.object({
  class_id: RecordId,
  target_lang: z.string().nullable().describe('language students may translate into; null: off'),
  available: z.boolean().describe('a translation service is configured'),
});

export const getClassTranslation = defineContract({
  name: 'getClassTranslation',
  method: 'GET',
  path: '/v1/classes/{id}/config/translation',
  summary: 'The translation language of a class (students read it for their own classes).',
  access: ANY_ROLE,
  params: IdParams,
  response: TranslationConfig,
});

export const setClassTranslation = defineContract({
  name: 'setClassTranslation',
  method: 'POST',
  path: '/v1/classes/{id}/config/translation',
  summary: 'Set or turn off the translation language of a class.',
  access: STAFF,
  params: IdParams,
  body: z.strictObject({
    target_lang: Text.regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, 'a language code such as es or zh-Hant')
      .nullable()
      .describe('language code; null turns translation off'),
  }),
  response: TranslationConfig,
});

export const getClassSkillBuilders = defineContract({
  name: 'getClassSkillBuilders',
  method: 'GET',
  path: '/v1/classes/{id}/skill-builders',
  summary: 'Skill builders used in a class: how many students started and finished each.',
  access: STAFF,
  params: IdParams,
  response: z.object({ skill_builders: z.array(PassageActivity) }),
});

export const exportClassStudents = defineContract({
  name: 'exportClassStudents',
  method: 'GET',
  path: '/v1/classes/{id}/export',
  summary:
    'The class’s students as a CSV file for a spreadsheet: name, username, level, latest WPM and WCPM, books completed.',
  access: STAFF,
  params: IdParams,
  mediaType: 'text/csv',
  response: z.string().describe('UTF-8 CSV with a byte-order mark, a header row and CRLF line ends'),
});
