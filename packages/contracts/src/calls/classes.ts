/**
 * SPEC.md §7 "Classes": classes, their students, and the staff's class and school analytics. Staff see the
 * classes in their scope (PRODUCT.md §2); `school_id` narrows a department head's view to one school.
 */
import { z } from 'zod';
import { ANY_ROLE, STAFF, defineContract } from '../contract.js';
import {
  CalendarDate,
  Count,
  DateRange,
  Id,
  IdList,
  IdParams,
  Percent,
  QueryBoolean,
  RecordId,
  SchoolScope,
  SeriesIdQuery,
  SubjectId,
  Timestamp,
  paging,
} from '../common.js';
import { CLASS_OVERVIEW_PAGE_SIZE, DEFAULT_CLASS_SIZE } from '../constants.js';
import { ColourBandId, SeriesId } from '../domain.js';
import {
  Class,
  GroupActivityCounts,
  LearningOutcomeScore,
  PassageActivity,
  Recording,
  StudentReadingRow,
  StudentSummary,
} from '../entities.js';

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

export const getClassesReadingOverview = defineContract({
  name: 'getClassesReadingOverview',
  method: 'GET',
  path: '/v1/classes/reading-overview',
  summary: 'Reading of every student of the given classes over a date range.',
  access: STAFF,
  query: z.object({
    class_ids: IdList.describe('comma-separated class ids'),
    ...DateRange,
  }),
  response: z.object({ students: z.array(StudentReadingRow) }),
});

export const getClassesReadingOverviewPaginated = defineContract({
  name: 'getClassesReadingOverviewPaginated',
  method: 'GET',
  path: '/v1/classes/reading-overview-paginated',
  summary: 'Reading of the students in scope over a date range, a page at a time.',
  access: STAFF,
  query: z.object({
    ...paging(CLASS_OVERVIEW_PAGE_SIZE),
    ...SchoolScope,
    series_id: SeriesIdQuery.optional().describe('only students in this series'),
    ...DateRange,
  }),
  response: z.object({ students: z.array(StudentReadingRow), page: Count, limit: Count, total: Count }),
});

export const getClassRecordings = defineContract({
  name: 'getClassRecordings',
  method: 'GET',
  path: '/v1/classes/recordings',
  summary: 'Submitted recordings of a class’s students, ungraded first, then newest first.',
  access: STAFF,
  query: z.object({ class_id: Id.describe('the class') }),
  response: z.object({ recordings: z.array(Recording) }),
});

/** A class's activity week by week. */
export const ClassWeeklyActivity = z.object({
  class_id: RecordId,
  name: z.string(),
  weeks: z.array(GroupActivityCounts.extend({ week_start: CalendarDate.describe('Monday of the week') })),
});

export const getWeeklyActivity = defineContract({
  name: 'getWeeklyActivity',
  method: 'GET',
  path: '/v1/classes/weekly-activity',
  summary: 'Week-by-week activity of the caller’s classes (or, with all, every class in scope).',
  access: STAFF,
  query: z.object({
    ...SchoolScope,
    page: paging().page,
    all: QueryBoolean.optional().describe('every class in scope, not only those the caller teaches'),
  }),
  response: z.object({ classes: z.array(ClassWeeklyActivity), page: Count, has_more: z.boolean() }),
});

export const getClassWeeklyActivity = defineContract({
  name: 'getClassWeeklyActivity',
  method: 'GET',
  path: '/v1/classes/weekly-activity/{id}',
  summary: 'Week-by-week activity of one class.',
  access: STAFF,
  params: IdParams,
  response: ClassWeeklyActivity,
});

/** Filters of the analytics calls: a school (department heads), a class, a date range. */
const AnalyticsQuery = z.object({
  ...SchoolScope,
  class_id: Id.optional().describe('only this class'),
  ...DateRange,
});

export const getInsights = defineContract({
  name: 'getInsights',
  method: 'GET',
  path: '/v1/classes/insights',
  summary: 'Totals of reading, quizzes, fluency and grading for the classes in scope.',
  access: STAFF,
  query: AnalyticsQuery,
  response: GroupActivityCounts.extend({
    total_students: Count,
    average_score_percent: Percent.nullable(),
    average_wpm: z.number().min(0).nullable(),
    average_wcpm: z.number().min(0).nullable(),
    recordings_graded: Count,
  }),
});

export const LEVEL_CHANGE_REASONS = [
  'level_up',
  'level_down',
  'placement',
  'manual_placement',
  'reset',
] as const;

export const LevelChange = z.object({
  student_id: RecordId,
  student_name: z.string(),
  from_series_id: SeriesId.nullable(),
  from_colour_band_id: ColourBandId.nullable(),
  to_series_id: SeriesId.nullable(),
  to_colour_band_id: ColourBandId.nullable(),
  reason: z.enum(LEVEL_CHANGE_REASONS),
  detail: z.string().describe('the rule and scores behind the change'),
  changed_by: z.string().nullable().describe('who placed or reset the student; null for a rule'),
  changed_at: Timestamp,
});

export const getLevelProgression = defineContract({
  name: 'getLevelProgression',
  method: 'GET',
  path: '/v1/classes/level-progression',
  summary: 'Level changes of the students in scope, newest first, each with its reason.',
  access: STAFF,
  query: AnalyticsQuery,
  response: z.object({ level_changes: z.array(LevelChange) }),
});

export const getClassActivity = defineContract({
  name: 'getClassActivity',
  method: 'GET',
  path: '/v1/classes/activity',
  summary: 'Day-by-day activity of the students in scope.',
  access: STAFF,
  query: AnalyticsQuery,
  response: z.object({ days: z.array(GroupActivityCounts.extend({ date: CalendarDate })) }),
});

export const getStudentCount = defineContract({
  name: 'getStudentCount',
  method: 'GET',
  path: '/v1/classes/student-count',
  summary:
    'How many students and classes are in scope, and how many students were active in the last 7 days.',
  access: STAFF,
  query: z.object({ ...SchoolScope }),
  response: z.object({ student_count: Count, active_student_count: Count, class_count: Count }),
});

export const getStudentColourBandBySeries = defineContract({
  name: 'getStudentColourBandBySeries',
  method: 'GET',
  path: '/v1/classes/student-colour-band-by-series',
  summary: 'How many students in scope sit at each colour band of each series.',
  access: STAFF,
  query: z.object({ ...SchoolScope, class_id: Id.optional().describe('only this class') }),
  response: z.object({
    series: z.array(
      z.object({
        series_id: SeriesId,
        colour_bands: z.array(z.object({ colour_band_id: ColourBandId, student_count: Count })),
      }),
    ),
    unplaced_count: Count.describe('students with no colour band yet'),
  }),
});

export const getLearningOutcomePerformance = defineContract({
  name: 'getLearningOutcomePerformance',
  method: 'GET',
  path: '/v1/analysis/learning-outcome-performance',
  summary: 'Score per learning outcome across the students in scope.',
  access: STAFF,
  query: AnalyticsQuery.extend({
    topic_groups: IdList.optional().describe('only outcomes of these topic groups'),
  }),
  response: z.object({ learning_outcome_performances: z.array(LearningOutcomeScore) }),
});

/** What a staff member sets on a class. */
const ClassFields = {
  name: z.string().trim().min(1, 'name is required').max(100).describe('class name'),
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
    target_lang: z
      .string()
      .regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, 'a language code such as es or zh-Hant')
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
