/**
 * SPEC.md §7 "Worksheets, passages, recordings". A worksheet is one student's work on one passage (or, for
 * assignments, a teacher's assignment of a passage). Quizzes: PRODUCT.md §4; read-aloud: PRODUCT.md §5.
 */
import { z } from 'zod';
import { ANY_ROLE, STAFF, STUDENT, defineContract } from '../contract.js';
import {
  BuilderTypeIdQuery,
  CalendarDate,
  ColourBandIdQuery,
  Count,
  DateRange,
  Id,
  IdParams,
  Ok,
  Percent,
  QueryBoolean,
  RecordId,
  SeriesIdQuery,
  Timestamp,
} from '../common.js';
import { BuilderTypeId, ColourBandId, QuestionTypeId, SeriesId } from '../domain.js';
import {
  ActivityCounts,
  ActivityDay,
  GradingRow,
  Mistake,
  Passage,
  PassageActivity,
  PassageSummary,
  ReadingSettings,
  Recording,
  SubmittedPassage,
} from '../entities.js';

// ---- Activity profile ----

const ActivityProfile = z.object({ days: z.array(ActivityDay), totals: ActivityCounts });

export const getActivityProfile = defineContract({
  name: 'getActivityProfile',
  method: 'GET',
  path: '/v1/worksheets/activity-profile',
  summary: 'The signed-in student’s reading activity per day over a date range.',
  access: STUDENT,
  query: z.object({ ...DateRange }),
  response: ActivityProfile,
});

export const getStudentActivityProfile = defineContract({
  name: 'getStudentActivityProfile',
  method: 'GET',
  path: '/v1/worksheets/activity-profile/{id}',
  summary: 'A student’s reading activity per day over a date range (id: the student).',
  access: STAFF,
  params: IdParams,
  query: z.object({ ...DateRange }),
  response: ActivityProfile,
});

// ---- Passages and questions ----

export const listPassages = defineContract({
  name: 'listPassages',
  method: 'GET',
  path: '/v1/worksheets/passage',
  summary: 'Passages of a builder type: a student’s level (or favourites); staff filter by series and band.',
  access: ANY_ROLE,
  query: z.object({
    type_id: BuilderTypeIdQuery.describe('builder type'),
    favourites: QueryBoolean.optional().describe('students: only their favourites'),
    series_id: SeriesIdQuery.optional().describe('staff: one series (students: their own)'),
    colour_band_id: ColourBandIdQuery.optional().describe('staff: one colour band (students: their own)'),
  }),
  response: z.object({ passages: z.array(PassageSummary) }),
});

export const getPassage = defineContract({
  name: 'getPassage',
  method: 'GET',
  path: '/v1/worksheets/passage/{id}',
  summary: 'A passage with its pages and the caller’s progress.',
  access: ANY_ROLE,
  params: IdParams,
  response: Passage,
});

export const getWorksheetPassage = defineContract({
  name: 'getWorksheetPassage',
  method: 'GET',
  path: '/v1/worksheets/{id}/passage',
  summary: 'The passage of a worksheet (id: the worksheet), with its pages and progress.',
  access: ANY_ROLE,
  params: IdParams,
  response: Passage,
});

const QuestionItem = z.object({
  prompt: z.string(),
  options: z
    .array(z.string())
    .describe('choices, words or items to order, form or sort; empty for free text'),
  categories: z.array(z.string()).describe('categorising: the categories; empty otherwise'),
  max_marks: z.number().min(0),
  answer: z
    .string()
    .nullable()
    .describe('the answer key (several joined with ";"); null for a student who has not submitted the quiz'),
});

export const Question = QuestionItem.extend({
  id: RecordId,
  question_num: z.number().int().min(1),
  question_type_id: QuestionTypeId,
  image_url: z.string().nullable(),
  learning_outcome_ids: z.array(RecordId),
  sub_questions: z.array(QuestionItem.extend({ sub_question_num: z.number().int().min(1) })),
});

export const getPassageQuestions = defineContract({
  name: 'getPassageQuestions',
  method: 'GET',
  path: '/v1/questions/passage/{id}',
  summary: 'The quiz of a passage, in order; answer keys only once the student has submitted it.',
  access: ANY_ROLE,
  params: IdParams,
  response: z.object({ questions: z.array(Question) }),
});

// ---- Worksheets: start, progress, quiz ----

const StartBody = z.strictObject({
  class_id: RecordId.optional().describe('the class this work counts for; the home class when omitted'),
});
const Started = z.object({ worksheet_id: RecordId });

export const startWorksheet = defineContract({
  name: 'startWorksheet',
  method: 'POST',
  path: '/v1/worksheets/passage/{id}',
  summary: 'Start (or resume) the signed-in student’s worksheet for a passage.',
  access: STUDENT,
  params: IdParams,
  body: StartBody,
  response: Started,
});

export const startRateBuilder = defineContract({
  name: 'startRateBuilder',
  method: 'POST',
  path: '/v1/worksheets/passage/{id}/rate-builder',
  summary: 'Start (or resume) the signed-in student’s rate-builder worksheet for a passage.',
  access: STUDENT,
  params: IdParams,
  body: StartBody,
  response: Started,
});

export const saveReadingProgress = defineContract({
  name: 'saveReadingProgress',
  method: 'PUT',
  path: '/v1/worksheets/passage/{id}/progress',
  summary: 'Record the page the student reached; answers whether the worksheet is now completed.',
  access: STUDENT,
  params: IdParams,
  body: z.strictObject({
    page_num: z.number().int().min(1, 'pages start at 1').describe('the page reached'),
    time_spent_reading: Count.describe('seconds read since the last report'),
    num_practice_recordings: Count.describe('practice recordings made since the last report'),
    reading_settings: ReadingSettings,
  }),
  response: z.object({ completed: z.boolean(), pages_completed: Count }),
});

/** A move up or down a band after a quiz; a level up carries its medal (PRODUCT.md §3). */
export const QuizLevelChange = z.object({
  direction: z.enum(['up', 'down']),
  series_id: SeriesId,
  colour_band_id: ColourBandId,
  medal: z.enum(['gold', 'silver', 'bronze']).nullable().describe('level up: the medal; null going down'),
});

export const submitDiagnostics = defineContract({
  name: 'submitDiagnostics',
  method: 'PATCH',
  path: '/v1/worksheets/{id}/diagnostics/submit',
  summary: 'Submit (or save) a quiz; the server re-marks it. Placement tests answer the new level.',
  access: STUDENT,
  params: IdParams,
  body: z.strictObject({
    total_score: z.number().min(0, 'total_score cannot be negative').describe('the client’s total'),
    gradings: z
      .array(GradingRow)
      .max(500)
      .refine(
        (rows) =>
          new Set(rows.map((row) => `${row.question_id}.${row.sub_question_num}`)).size === rows.length,
        'each question and sub-question is answered once',
      )
      .describe('one row per answered question and sub-question'),
    completed: z.boolean().describe('true submits the quiz; false only saves the answers so far'),
  }),
  response: z.object({
    completed: z.boolean(),
    score_percent: Percent.nullable().describe('null until completed'),
    passed: z.boolean().nullable().describe('null until completed, and for placement tests'),
    coins_awarded: Count,
    placement_test_id: RecordId.nullable().describe(
      'placement: another test to take next, stored on the user',
    ),
    series_id: SeriesId.nullable().describe('placement: the series placed in'),
    colour_band_id: ColourBandId.nullable().describe('placement: the band placed in'),
    has_reset_colour: z.boolean().describe('the placement reset a band with submissions'),
    level_change: QuizLevelChange.nullable().describe(
      'power builders: the level this quiz moved the student to',
    ),
  }),
});

export const getDiagnosticsSubmission = defineContract({
  name: 'getDiagnosticsSubmission',
  method: 'GET',
  path: '/v1/worksheets/{id}/diagnostics/submission',
  summary: 'The marked answers of a worksheet’s quiz.',
  access: ANY_ROLE,
  params: IdParams,
  response: z.object({
    worksheet_id: RecordId,
    completed: z.boolean(),
    submitted_at: Timestamp.nullable(),
    total_score: z.number().min(0),
    max_score: z.number().min(0),
    score_percent: Percent.nullable().describe(
      'as the submission answered it; null until something is marked',
    ),
    passed: z.boolean().nullable().describe('null until marked, and for placement tests'),
    gradings: z.array(
      GradingRow.extend({
        max_marks: z.number().min(0),
        awaiting_teacher: z.boolean().describe('open-ended: not marked by a teacher yet'),
      }),
    ),
  }),
});

export const getNarration = defineContract({
  name: 'getNarration',
  method: 'GET',
  path: '/v1/questions/narration',
  summary: 'A spoken recording of one word; 404 when none can be made.',
  access: ANY_ROLE,
  query: z.object({
    word: z
      .string()
      .trim()
      .regex(/^[\p{L}'’-]{1,50}$/u, 'one word of letters, apostrophes or hyphens')
      .describe('the word to speak'),
  }),
  response: z.object({ file_url: z.string().describe('signed link to the audio') }),
});

export const favouritePassage = defineContract({
  name: 'favouritePassage',
  method: 'POST',
  path: '/v1/worksheets/passage/{id}/favourite',
  summary: 'Add a passage to the signed-in student’s favourites, or remove it.',
  access: STUDENT,
  params: IdParams,
  query: z.object({
    unfavourite: QueryBoolean.optional().describe('true removes the favourite, whatever the body says'),
  }),
  body: z.strictObject({ favourite: z.boolean().describe('true adds, false removes') }),
  response: z.object({ passage_id: RecordId, is_favourited: z.boolean() }),
});

// ---- Recordings ----

export const RECORDING_MAX_BYTES = 25 * 1024 * 1024;
export const RECORDING_MAX_DURATION_MS = 10 * 60 * 1000;
export const RECORDING_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/wav', 'audio/mpeg'] as const;

export const getWorksheetRecordings = defineContract({
  name: 'getWorksheetRecordings',
  method: 'GET',
  path: '/v1/worksheets/{id}/recording',
  summary: 'The recordings of a worksheet, newest first.',
  access: ANY_ROLE,
  params: IdParams,
  response: z.object({ recordings: z.array(Recording) }),
});

export const uploadRecording = defineContract({
  name: 'uploadRecording',
  method: 'POST',
  path: '/v1/worksheets/{id}/recording',
  summary: 'Submit a read-aloud recording of a worksheet (form data; at most 25 MB and 10 minutes).',
  access: STUDENT,
  status: 201,
  params: IdParams,
  multipart: {
    fields: z.strictObject({
      duration_ms: z.coerce
        .number()
        .int()
        .min(1, 'duration_ms must be positive')
        .max(RECORDING_MAX_DURATION_MS, 'a recording is at most 10 minutes')
        .optional()
        .describe('length of the audio in milliseconds; omitted: read from the file'),
      num_re_recording: z.coerce
        .number()
        .int()
        .min(0)
        .default(0)
        .describe('times the student recorded again'),
      client_recording_id: z
        .uuid('client_recording_id must be a UUID')
        .optional()
        .describe('the browser’s id for this take: sending the same take again answers the recording stored'),
    }),
    files: [
      {
        name: 'file',
        required: true,
        description: 'the audio: WebM/Opus, Ogg/Opus, MP4/AAC, WAV or MPEG, checked by content',
      },
    ],
  },
  response: Recording,
});

const MistakesOfRecording = z.object({
  recording_id: RecordId,
  mistakes: z.array(Mistake),
  num_mistakes: Count,
  last_word_index: Count.nullable().describe('the last word read; null: the whole passage'),
});

export const saveMistakes = defineContract({
  name: 'saveMistakes',
  method: 'PUT',
  path: '/v1/worksheets/recording/{id}/mistakes',
  summary: 'Replace the reading mistakes marked on a recording; WCPM and accuracy follow.',
  access: STAFF,
  params: IdParams,
  body: z.strictObject({
    mistakes: z.array(Mistake).max(2000).describe('every mistake, in any order'),
    last_word_index: Count.nullable()
      .optional()
      .describe('the last word read; null or omitted: the whole passage'),
  }),
  response: MistakesOfRecording,
});

export const getMistakes = defineContract({
  name: 'getMistakes',
  method: 'GET',
  path: '/v1/worksheets/recording/{id}/mistakes',
  summary: 'The reading mistakes marked on a recording.',
  access: ANY_ROLE,
  params: IdParams,
  response: MistakesOfRecording,
});

export const trimRecording = defineContract({
  name: 'trimRecording',
  method: 'PATCH',
  path: '/v1/worksheets/recording/{id}',
  summary: 'Trim a recording’s start and end; submit confirms the trim and computes WPM.',
  access: STAFF,
  params: IdParams,
  body: z
    .strictObject({
      start_time: z.number().min(0).describe('seconds into the audio where reading starts'),
      end_time: z
        .number()
        .min(0)
        .nullable()
        .describe('seconds into the audio where reading ends; null: the end'),
      submit: z.boolean().default(false).describe('true confirms the trim (wpm_confirmed)'),
    })
    .refine((body) => body.end_time === null || body.end_time > body.start_time, {
      message: 'end_time must be after start_time',
      path: ['end_time'],
    }),
  response: Recording,
});

export const commentRecording = defineContract({
  name: 'commentRecording',
  method: 'PATCH',
  path: '/v1/worksheets/recording/{id}/comment',
  summary: 'Leave the teacher’s comment on a recording: this completes its grading.',
  access: STAFF,
  params: IdParams,
  body: z.strictObject({
    comment: z.string().trim().min(1, 'comment is required').max(2000).describe('feedback for the student'),
  }),
  response: Recording,
});

export const markRecordingViewed = defineContract({
  name: 'markRecordingViewed',
  method: 'PATCH',
  path: '/v1/worksheets/recording/{id}/view',
  summary: 'The student has seen the grading of their recording (grading_viewed).',
  access: STUDENT,
  params: IdParams,
  response: Ok,
});

export const getSubmittedPassages = defineContract({
  name: 'getSubmittedPassages',
  method: 'GET',
  path: '/v1/worksheets/passage/submitted',
  summary: 'The signed-in student’s completed passages, optionally of one band and series.',
  access: STUDENT,
  query: z.object({
    colour_band_id: ColourBandIdQuery.optional(),
    series_id: SeriesIdQuery.optional(),
  }),
  response: z.object({ passages: z.array(SubmittedPassage) }),
});

export const completeReadingPractice = defineContract({
  name: 'completeReadingPractice',
  method: 'PATCH',
  path: '/v1/worksheets/reading-practice/{id}',
  summary: 'Mark the read-aloud practice of a worksheet done (id: the worksheet).',
  access: STUDENT,
  params: IdParams,
  response: Ok,
});

export const Worksheet = z.object({
  id: RecordId,
  passage_id: RecordId,
  student_id: RecordId,
  class_id: RecordId.nullable(),
  builder_type_id: BuilderTypeId,
  assignment_id: RecordId.nullable().describe('the assignment it fulfils, if any'),
  pages_completed: Count,
  completed: z.boolean(),
  completed_at: Timestamp.nullable(),
  reading_practice_completed: z.boolean(),
  recording_submitted: z.boolean(),
  score_percent: Percent.nullable(),
  created_at: Timestamp,
});

export const getWorksheet = defineContract({
  name: 'getWorksheet',
  method: 'GET',
  path: '/v1/worksheets/{id}',
  summary: 'A worksheet and its state.',
  access: ANY_ROLE,
  params: IdParams,
  response: Worksheet,
});

// ---- Assignments ----

export const haveNewAssignments = defineContract({
  name: 'haveNewAssignments',
  method: 'GET',
  path: '/v1/worksheets/assignments/have-new',
  summary: 'Whether the signed-in student has assignments not yet seen.',
  access: STUDENT,
  response: z.object({ have_new: z.boolean(), count: Count }),
});

export const markAssignmentsSeen = defineContract({
  name: 'markAssignmentsSeen',
  method: 'POST',
  path: '/v1/worksheets/assignments/mark-seen',
  summary: 'Mark all of the signed-in student’s assignments seen.',
  access: STUDENT,
  response: Ok,
});

export const listSkillBuilders = defineContract({
  name: 'listSkillBuilders',
  method: 'GET',
  path: '/v1/worksheets/skill-builders',
  summary: 'Skill builders for a level, or those practising the outcomes of one passage.',
  access: ANY_ROLE,
  query: z.object({
    series_id: SeriesIdQuery.optional(),
    colour_band_id: ColourBandIdQuery.optional(),
    passage_id: Id.optional().describe('skill builders for the learning outcomes of this passage'),
  }),
  response: z.object({ skill_builders: z.array(PassageSummary) }),
});

const ClassQuery = z.object({ class_id: Id.describe('the class') });

export const getPassageActivity = defineContract({
  name: 'getPassageActivity',
  method: 'GET',
  path: '/v1/worksheets/passage/activity',
  summary: 'How a class’s students have used each passage.',
  access: STAFF,
  query: ClassQuery,
  response: z.object({ passages: z.array(PassageActivity) }),
});

export const getAssignmentsActivity = defineContract({
  name: 'getAssignmentsActivity',
  method: 'GET',
  path: '/v1/worksheets/assignments/activity',
  summary: 'Progress of each assignment of a class.',
  access: STAFF,
  query: ClassQuery,
  response: z.object({
    assignments: z.array(
      PassageActivity.extend({
        assignment_id: RecordId,
        due_at: CalendarDate.nullable(),
        students_assigned: Count,
        recordings_submitted: Count,
      }),
    ),
  }),
});

/** An assignment: a teacher's worksheet that sets a passage for a class or some of its students. */
export const Assignment = z.object({
  id: RecordId.describe('the assignment worksheet'),
  passage_id: RecordId,
  passage_title: z.string(),
  builder_type_id: BuilderTypeId,
  class_id: RecordId,
  student_ids: z.array(RecordId).nullable().describe('null: the whole class'),
  read_aloud: z.boolean().describe('a read-aloud recording is required'),
  due_at: CalendarDate.nullable(),
  note: z.string().nullable(),
  created_by: RecordId,
  created_at: Timestamp,
  worksheet_id: RecordId.nullable().describe('students: their own worksheet for it, once started'),
  completed: z.boolean().nullable().describe('students: whether they have done it; null for staff'),
});

const assignmentSettings = {
  student_ids: z
    .array(RecordId)
    .min(1)
    .max(500)
    .nullable()
    .optional()
    .describe('students of the class it is for; null (or omitted on create): the whole class'),
  read_aloud: z.boolean().optional().describe('require a read-aloud recording (default true)'),
  due_at: CalendarDate.nullable().optional().describe('due date; null: none'),
  note: z.string().trim().max(500).nullable().optional().describe('instructions for the students'),
};

export const listAssignments = defineContract({
  name: 'listAssignments',
  method: 'GET',
  path: '/v1/worksheets/assignments',
  summary: 'Assignments of a class (staff) or of the signed-in student, newest first.',
  access: ANY_ROLE,
  query: z.object({ classId: Id.optional().describe('one class; students: all of theirs when omitted') }),
  response: z.object({ assignments: z.array(Assignment) }),
});

export const createAssignment = defineContract({
  name: 'createAssignment',
  method: 'POST',
  path: '/v1/worksheets/assignments',
  summary: 'Assign a passage to a class or some of its students.',
  access: STAFF,
  status: 201,
  body: z.strictObject({
    passage_id: RecordId.describe('the passage to read'),
    class_id: RecordId.describe('the class'),
    ...assignmentSettings,
  }),
  response: Assignment,
});

export const updateAssignment = defineContract({
  name: 'updateAssignment',
  method: 'PATCH',
  path: '/v1/worksheets/{id}/assignments',
  summary: 'Change an assignment’s students, due date, note or read-aloud requirement.',
  access: STAFF,
  params: IdParams,
  body: z.strictObject(assignmentSettings),
  response: Assignment,
});

export const deleteAssignment = defineContract({
  name: 'deleteAssignment',
  method: 'POST',
  path: '/v1/worksheets/{id}/assignments/delete',
  summary: 'Withdraw an assignment; students’ work on it is kept.',
  access: STAFF,
  params: IdParams,
  response: Ok,
});
