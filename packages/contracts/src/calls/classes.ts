/**
 * Module classes: the classes in the caller's scope, made and changed by staff, and their students (docs/rules.md A3,
 * A5, M1–M4, M9), a class's translation language (F12) and its skill builders by learning outcome (R27).
 */
import { z } from 'zod';
import { Count, IdParams, Percent, RecordId, SchoolScope, SubjectId, Text, Timestamp } from '../common.js';
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

/**
 * The languages a class may be read in (docs/rules.md F12): codes a LibreTranslate-compatible service knows, with
 * their names as a teacher picks them and a reader offers them.
 */
export const TRANSLATION_LANGUAGES = [
  { code: 'ar', name: 'Arabic' },
  { code: 'zh', name: 'Chinese (Simplified)' },
  { code: 'fr', name: 'French' },
  { code: 'de', name: 'German' },
  { code: 'hi', name: 'Hindi' },
  { code: 'it', name: 'Italian' },
  { code: 'ja', name: 'Japanese' },
  { code: 'ko', name: 'Korean' },
  { code: 'pl', name: 'Polish' },
  { code: 'pt', name: 'Portuguese' },
  { code: 'ru', name: 'Russian' },
  { code: 'es', name: 'Spanish' },
  { code: 'tl', name: 'Tagalog' },
  { code: 'tr', name: 'Turkish' },
  { code: 'uk', name: 'Ukrainian' },
  { code: 'ur', name: 'Urdu' },
  { code: 'vi', name: 'Vietnamese' },
] as const;
const LANGUAGE_CODES = TRANSLATION_LANGUAGES.map((language) => language.code) as [
  (typeof TRANSLATION_LANGUAGES)[number]['code'],
  ...(typeof TRANSLATION_LANGUAGES)[number]['code'][],
];
export const TranslationLanguage = z.enum(LANGUAGE_CODES, {
  error: `choose one of the languages offered: ${LANGUAGE_CODES.join(', ')}`,
});

const TranslationConfig = z.object({
  class_id: RecordId,
  target_lang: TranslationLanguage.nullable().describe('the language students may translate into; null: off'),
  available: z.boolean().describe('a translation service is configured (when not, the reader offers none)'),
});

export const getClassTranslation = defineContract({
  name: 'getClassTranslation',
  method: 'GET',
  path: '/v1/classes/{id}/config/translation',
  summary: 'The translation language of a class: staff in scope, and its own students (others get 404).',
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
    target_lang: TranslationLanguage.nullable().describe('a language code of the list; null turns it off'),
  }),
  response: TranslationConfig,
});

/** A skill builder that practises an outcome, as the class has used it (docs/rules.md R27). */
const ClassSkillBuilder = PassageActivity.extend({
  suggested_for: Count.describe(
    'students of the class below the mark on this outcome who have not started this skill builder',
  ),
  assigned_at: Timestamp.nullable().describe('when it was last assigned to this class (live), or null'),
});

export const getClassSkillBuilders = defineContract({
  name: 'getClassSkillBuilders',
  method: 'GET',
  path: '/v1/classes/{id}/skill-builders',
  summary:
    'Skill builders for a class by learning outcome: how many students score below the mark on each, and for each skill builder practising it how many it is suggested for, started and finished, and whether it is assigned.',
  access: STAFF,
  params: IdParams,
  response: z.object({
    class_id: RecordId,
    student_count: Count.describe('students enrolled'),
    below_percent: Percent.describe('the mark: an outcome scored below it suggests a skill builder'),
    learning_outcomes: z.array(
      z.object({
        learning_outcome_id: RecordId,
        code: z.string(),
        name: z.string(),
        students_below: Count.describe('students of the class scoring below the mark on it'),
        skill_builders: z.array(ClassSkillBuilder),
      }),
    ),
  }),
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
