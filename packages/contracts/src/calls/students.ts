/** SPEC.md §7 "Students". Levels, placement and goals: PRODUCT.md §3 and §5; scope: PRODUCT.md §2. */
import { z } from 'zod';
import { ANY_ROLE, STAFF, STUDENT, defineContract } from '../contract.js';
import {
  AlertTypeIdList,
  Count,
  DateRange,
  Id,
  IdList,
  IdParams,
  RecordId,
  SchoolScope,
  SubjectIdQuery,
  Timestamp,
  paging,
} from '../common.js';
import { BOOK_PERFORMANCE_DEFAULT_YEARS, PASSWORD_MIN_LENGTH } from '../constants.js';
import { ColourBandId, QuestionTypeId, Role, SeriesId } from '../domain.js';
import {
  Alert,
  BookResult,
  Class,
  Goal,
  GoalProgress,
  GoalSettingsEntry,
  LearningOutcomeScore,
  Recording,
  StudentBuilder,
  StudentSummary,
} from '../entities.js';
import { SessionUser } from './auth.js';

/** Who may create and delete accounts in bulk: school and district administrators. */
const ADMINS = ['owner', 'department_head'] as const;
const MAX_BATCH = 500;

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

/**
 * One point of a student's estimated Lexile over time: a passed power builder puts it at the book's measure; a
 * level change (placement, level up or down) at the lower bound of the band moved to.
 */
export const LexilePoint = z.object({
  at: Timestamp,
  lexile: z.number().int().describe('estimated Lexile at that moment'),
  series_id: SeriesId,
  colour_band_id: ColourBandId,
  source: z.enum(['book_passed', 'level_change']),
  passage_id: RecordId.nullable().describe('book_passed: the book'),
  title: z.string().nullable().describe('book_passed: the book’s title'),
});

export const getReadingOverview = defineContract({
  name: 'getReadingOverview',
  method: 'GET',
  path: '/v1/students/reading-overview',
  summary: `The signed-in student’s goals, books, recordings and Lexile timeline over a date range (default the last ${BOOK_PERFORMANCE_DEFAULT_YEARS} years up to today).`,
  access: STUDENT,
  query: z.object({ ...DateRange }),
  response: z.object({
    goals: z.array(GoalProgress),
    books: z.array(BookResult).describe('books whose quiz was submitted in the range, newest first'),
    recordings: z
      .array(Recording)
      .describe('submitted (not practice) recordings in the range, oldest first: WPM over time'),
    lexile_timeline: z.array(LexilePoint).describe('oldest first, within the range'),
    current_lexile: z
      .number()
      .int()
      .nullable()
      .describe('the latest estimate whatever the range; null before the first book or placement'),
  }),
});

export const getStudentProficiency = defineContract({
  name: 'getStudentProficiency',
  method: 'GET',
  path: '/v1/user/student/proficiency',
  summary: 'The signed-in student’s score per learning outcome.',
  access: STUDENT,
  query: z.object({
    subject_id: SubjectIdQuery,
    learning_outcome_ids: IdList.optional().describe('only these learning outcomes; all when omitted'),
  }),
  response: z.object({ proficiency: z.array(LearningOutcomeScore) }),
});

export const getQuestionDetails = defineContract({
  name: 'getQuestionDetails',
  method: 'GET',
  path: '/v2/students/question-details',
  summary: 'The signed-in student’s results per question type.',
  access: STUDENT,
  query: z.object({ subject_id: SubjectIdQuery }),
  response: z.object({
    question_types: z.array(
      z.object({
        question_type_id: QuestionTypeId,
        questions_answered: Count,
        marks: z.number().min(0),
        max_marks: z.number().min(0),
      }),
    ),
  }),
});

export const getAlerts = defineContract({
  name: 'getAlerts',
  method: 'GET',
  path: '/v1/students/alerts',
  summary: 'Alerts, newest first: a student’s own, or (staff) those of the students in scope.',
  access: ANY_ROLE,
  query: z.object({
    types: AlertTypeIdList.optional().describe('only these alert types'),
    class_id: Id.optional().describe('staff: one class'),
    student_id: Id.optional().describe('staff: one student'),
    ...paging(),
    ...DateRange,
  }),
  response: z.object({
    alerts: z.array(Alert),
    page: Count,
    has_more: z.boolean(),
  }),
});

export const markAlertsViewed = defineContract({
  name: 'markAlertsViewed',
  method: 'PATCH',
  path: '/v1/students/alerts',
  summary: 'Mark alerts seen: the listed ones, or every alert the caller can see.',
  access: ANY_ROLE,
  body: z.strictObject({
    alert_ids: z
      .array(RecordId)
      .min(1)
      .max(MAX_BATCH)
      .optional()
      .describe('alerts to mark seen; all of the caller’s when omitted'),
  }),
  response: z.object({ updated: Count }),
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
  }),
  response: StudentLevel,
});

const Name = (what: string) => z.string().trim().min(1, `${what} is required`).max(100).describe(what);

const NewStudent = z.strictObject({
  first_name: Name('first name'),
  last_name: Name('last name'),
  username: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9._-]{3,50}$/, 'use 3–50 letters, digits, dots, dashes or underscores')
    .describe('sign-in name, unique across the installation'),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(200)
    .optional()
    .describe('initial password; generated when omitted'),
});

const NewUser = NewStudent.extend({
  login_role: Role,
  email: z.email('must be an email address').max(254).nullable().optional().describe('required for staff'),
  school_id: RecordId.optional().describe('department heads: the school; others: their own'),
  class_ids: z.array(RecordId).max(50).optional().describe('classes to enrol (students) or teach (teachers)'),
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
    search: z.string().trim().max(100).optional().describe('part of a name or username'),
    ...paging(),
  }),
  response: z.object({ students: z.array(StudentSummary), total: Count }),
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

export const getBookPerformance = defineContract({
  name: 'getBookPerformance',
  method: 'GET',
  path: '/v1/students/{id}/book-performance',
  summary: `A student’s books whose quiz they submitted, with the scores, newest first; default range the last ${BOOK_PERFORMANCE_DEFAULT_YEARS} years up to today.`,
  access: ANY_ROLE,
  params: IdParams,
  query: z.object({
    ...DateRange,
    ...paging(),
    min: z.coerce.number().min(0).max(100).optional().describe('lowest quiz score, percent (inclusive)'),
    max: z.coerce
      .number()
      .min(0)
      .max(100)
      .optional()
      .describe('highest quiz score, percent (inclusive); not below min'),
  }),
  response: z.object({ books: z.array(BookResult), total: Count }),
});

export const getStudentLearningOutcomePerformances = defineContract({
  name: 'getStudentLearningOutcomePerformances',
  method: 'GET',
  path: '/v1/students/{id}/learning-outcome-performances',
  summary: 'A student’s score per learning outcome.',
  access: ANY_ROLE,
  params: IdParams,
  query: z.object({
    topic_groups: IdList.optional().describe('only outcomes of these topic groups'),
    ...DateRange,
  }),
  response: z.object({ learning_outcome_performances: z.array(LearningOutcomeScore) }),
});

const ClassQuery = z.object({ class_id: Id.describe('the class') });

const GoalSettings = z.object({
  class_goal: Goal.nullable().describe('the default for students without their own goal'),
  goal_settings: z.array(GoalSettingsEntry),
});

export const getGoalSettings = defineContract({
  name: 'getGoalSettings',
  method: 'GET',
  path: '/v1/students/goal-settings',
  summary: 'The goal settings of a class: its default goal and each student’s own.',
  access: STAFF,
  query: ClassQuery,
  response: GoalSettings,
});

export const updateGoalSettings = defineContract({
  name: 'updateGoalSettings',
  method: 'PATCH',
  path: '/v1/students/goal-settings',
  summary: 'Change a class’s default goal and/or students’ own goals.',
  access: STAFF,
  query: ClassQuery,
  body: z.strictObject({
    settings: z
      .strictObject({
        class_goal: Goal.nullable().optional().describe('the class default; null removes it'),
        students: z
          .array(
            z.strictObject({
              student_id: RecordId,
              goal: Goal.nullable().describe('null: follow the class goal'),
            }),
          )
          .max(MAX_BATCH)
          .optional()
          .describe('students of the class and their own goals'),
      })
      .refine((settings) => settings.class_goal !== undefined || settings.students !== undefined, {
        message: 'set class_goal or students',
      }),
  }),
  response: GoalSettings,
});

export const setStudentGoal = defineContract({
  name: 'setStudentGoal',
  method: 'POST',
  path: '/v1/students/{id}/goal',
  summary: 'Set or clear one student’s goal.',
  access: STAFF,
  params: IdParams,
  body: z.strictObject({ goal: Goal.nullable().describe('null: follow the class goal') }),
  response: z.object({ student_id: RecordId, goal: Goal.nullable() }),
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
