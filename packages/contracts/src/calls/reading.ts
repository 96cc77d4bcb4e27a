/**
 * Module reading: passages by level, worksheets (one student's work on one passage), reading progress and the
 * reading-activity log (docs/rules.md R1–R7, R21, R22).
 */
import { z } from 'zod';
import {
  BuilderTypeIdQuery,
  ColourBandIdQuery,
  Count,
  Id,
  IdParams,
  Ok,
  Percent,
  QueryBoolean,
  RecordId,
  SeriesIdQuery,
  Timestamp,
} from '../common.js';
import { ANY_ROLE, defineContract, STAFF, STUDENT } from '../contract.js';
import { BuilderTypeId } from '../domain-schemas.js';
import {
  Passage,
  PassageActivity,
  PassageSummary,
  ReadingActivityLog,
  ReadingSettings,
  SubmittedPassage,
} from '../entities.js';

/** Reading progress reports at most a day at a time: it adds up in milliseconds in an integer column (I5). */
const SECONDS_PER_DAY = 86_400;

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
    page_num: Count.min(1, 'pages start at 1').describe('the page reached'),
    time_spent_reading: Count.max(SECONDS_PER_DAY, 'at most a day per report').describe(
      'seconds read since the last report',
    ),
    num_practice_recordings: Count.describe('practice recordings made since the last report'),
    reading_settings: ReadingSettings,
  }),
  response: z.object({ completed: z.boolean(), pages_completed: Count }),
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

/** One student's work on one passage, as staff follow it (docs/rules.md P16). */
export const StudentPassageProgress = z.object({
  student_id: RecordId,
  name: z.string().describe('first and last name'),
  worksheet_id: RecordId.nullable().describe('the worksheet followed; null: not started'),
  started_at: Timestamp.nullable(),
  pages_read: Count,
  num_pages: Count,
  read: z.boolean().describe('every page read'),
  quiz_submitted: z.boolean(),
  score_percent: Percent.nullable().describe('null until the quiz is submitted and something of it marked'),
  passed: z.boolean().nullable(),
  recording: z
    .enum(['none', 'submitted', 'graded'])
    .describe('the read-aloud recording handed in for review, and whether a teacher has graded it'),
  completed: z.boolean(),
  completed_at: Timestamp.nullable(),
});

export const getPassageActivity = defineContract({
  name: 'getPassageActivity',
  method: 'GET',
  path: '/v1/worksheets/passage/activity',
  summary: 'How the students of a class have read each passage they started (not placement tests).',
  access: STAFF,
  query: z.object({ class_id: Id.describe('the class') }),
  response: z.object({
    passages: z.array(
      PassageActivity.extend({
        students_read: Count.describe('students who read every page'),
        recordings_submitted: Count,
        students: z.array(StudentPassageProgress.extend({ worksheet_id: RecordId })),
      }),
    ),
  }),
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

export const logReadingActivity = defineContract({
  name: 'logReadingActivity',
  method: 'POST',
  path: '/v1/data-logger/reading-activity',
  summary: 'Log a stretch of reading by the signed-in student.',
  access: STUDENT,
  body: ReadingActivityLog,
  response: Ok,
});
