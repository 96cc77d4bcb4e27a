/**
 * The entities that calls answer or accept, with the field names the customer's API gives them, plus the
 * response shapes that more than one group of calls shares. Fields the customer's API does not show are our design.
 */
import { z } from 'zod';
import {
  Amount,
  CalendarDate,
  Count,
  DateInput,
  DateTimeInput,
  Percent,
  RecordId,
  Text,
  Timestamp,
} from './common.js';
import { DEFAULT_CLASS_SIZE, SUBJECT_ID } from './constants.js';
import { AlertTypeId, BuilderTypeId, ColourBandId, MistakeTypeId, SeriesId } from './domain-schemas.js';

const Url = z.string().describe('signed or public link');

/** Reading settings (docs/rules.md C13), as the client sends them with progress and activity logs. */
export const ReadingSettings = z
  .strictObject({
    highlight: z.boolean().describe('highlight each word as it is narrated'),
    narration: z.boolean().describe('read the book aloud'),
    pageFlip: z.boolean().describe('animate page turns'),
    narrationSpeed: z.number().min(0.5).max(2).describe('narration speed factor, 1 = normal'),
    fontSize: z.number().min(0.5).max(3).describe('font size factor, 1 = normal'),
    music: z.boolean().describe('background music'),
  })
  .describe('reading settings in force');

// ---- Passages, worksheets, quizzes, recordings ----

export const WordTiming = z.object({
  word: z.string(),
  start_ms: Count,
  end_ms: Count,
});

export const Page = z.object({
  page_num: z.number().int().min(1),
  text: z.string(),
  illustration_url: Url.nullable(),
  narration_url: Url.nullable().describe(
    'the page read aloud; null: not made (yet), the browser’s voice reads',
  ),
  word_timings: z
    .array(WordTiming)
    .nullable()
    .describe('when each word of the page is spoken in the narration, for highlighting'),
});

/** A passage with the caller's progress on it (students; staff see no progress: nulls and false). */
export const Passage = z.object({
  id: RecordId,
  builder_type_id: BuilderTypeId,
  title: z.string(),
  author: z.string(),
  series_id: SeriesId,
  colour_band_id: ColourBandId,
  lexile: z.number().int().describe('estimated Lexile-style measure, within the band’s range'),
  num_pages: z.number().int().min(1),
  word_count: Count,
  thumbnail_url: Url,
  background_url: Url.nullable(),
  assets: z
    .object({
      music_url: Url.nullable().describe('background music'),
      narration_pending: z
        .boolean()
        .describe('some pages are still being narrated on the server; ask again shortly'),
    })
    .describe('media played while reading'),
  pages: z.array(Page),
  worksheet_id: RecordId.nullable().describe('the caller’s worksheet for this passage, once started'),
  rate_builder_worksheet_id: RecordId.nullable().describe(
    'the caller’s rate-builder worksheet, once started',
  ),
  pages_completed: Count,
  worksheet_completed: z.boolean(),
  recording_submitted: z.boolean(),
  quiz_submitted: z
    .boolean()
    .describe(
      'the quiz of the caller’s worksheet is handed in (docs/rules.md R32); false before one is started',
    ),
  recording_needed: z
    .boolean()
    .describe(
      'finishing the caller’s worksheet still needs a read-aloud recording for the teacher (R7, R32): false once one is sent or the worksheet is completed, and for staff',
    ),
  is_favourited: z.boolean(),
  reading_practice_completed: z.boolean(),
});
export type Passage = z.infer<typeof Passage>;
/** A passage in a list: everything but the pages. */
export const PassageSummary = Passage.omit({ pages: true });

/** One answer of a quiz: a grading row (docs/rules.md R9). */
export const GradingRow = z.strictObject({
  question_id: RecordId,
  question_num: Count.min(1).describe('position of the question in the quiz, from 1'),
  sub_question_num: Count.describe('0 for a main question, 1… for its sub-questions'),
  marks: Amount.min(0, 'marks cannot be negative').describe('marks the client scored; the server re-marks'),
  selected_option: Text.max(2000).describe('the answer; several answers joined with ";"'),
  time_taken: Count.describe('seconds spent on the question'),
});
export type GradingRow = z.infer<typeof GradingRow>;

/** One reading mistake; an insertion sits between words, before `word_index`. */
export const Mistake = z.strictObject({
  word_index: Count.describe('0-based index of the word in the passage; an insertion goes before this word'),
  type: MistakeTypeId,
  text: Text.trim().min(1).max(100).optional().describe('what was read instead, or inserted'),
});

export const Recording = z.object({
  id: RecordId,
  student_id: RecordId,
  student_name: z.string(),
  worksheet_id: RecordId,
  passage_id: RecordId,
  passage_title: z.string(),
  file_url: Url.nullable().describe('signed link to the audio (6 hours); null once retention removed it'),
  duration_ms: Count,
  num_re_recording: Count.describe('how many times the student recorded again before this one'),
  start_time: z.number().min(0).nullable().describe('trimmed start, seconds into the audio'),
  end_time: z
    .number()
    .min(0)
    .nullable()
    .describe('trimmed end, seconds into the audio; null: the end of the file'),
  suggested_start: z
    .number()
    .min(0)
    .nullable()
    .describe('where speech was heard to start, seconds into the audio; null: none found'),
  suggested_end: z.number().min(0).nullable().describe('where speech was heard to end; null: none found'),
  num_mistakes: Count,
  wpm_confirmed: z.boolean().describe('true once the trim is submitted and WPM computed'),
  wpm: z.number().min(0).nullable(),
  wcpm: z.number().min(0).nullable(),
  accuracy: Percent.nullable(),
  comment: z.string().nullable(),
  grading_completed: z.boolean(),
  graded_at: Timestamp.nullable(),
  grading_viewed: z.boolean().describe('the student has seen the grading'),
  created_at: Timestamp,
});
export type Recording = z.infer<typeof Recording>;

export const SubmittedPassage = z.object({
  passage_id: RecordId,
  worksheet_id: RecordId,
  title: z.string(),
  completed_at: Timestamp,
  colour_band_id: ColourBandId,
  series_id: SeriesId,
  score_percent: Percent.nullable(),
  recording_id: RecordId.nullable(),
  recording_grading_viewed: z.boolean().nullable().describe('null when there is no recording'),
});

/** A passage's use by a class: how many students started, finished and how they scored. */
export const PassageActivity = z.object({
  passage_id: RecordId,
  title: z.string(),
  builder_type_id: BuilderTypeId,
  series_id: SeriesId,
  colour_band_id: ColourBandId,
  students_started: Count,
  students_completed: Count,
  average_score_percent: Percent.nullable(),
});

/** A skill or rate builder of one student. */
export const StudentBuilder = z.object({
  passage_id: RecordId,
  title: z.string(),
  builder_type_id: BuilderTypeId,
  worksheet_id: RecordId.nullable(),
  assigned_at: Timestamp.nullable().describe('null when the student chose it'),
  completed_at: Timestamp.nullable(),
  score_percent: Percent.nullable(),
  wpm: z.number().min(0).nullable().describe('rate builders: words per minute reached'),
});

/** One finished (or started) book of a student, with its results. */
export const BookResult = z.object({
  passage_id: RecordId,
  worksheet_id: RecordId,
  title: z.string(),
  series_id: SeriesId,
  colour_band_id: ColourBandId,
  lexile: z.number().int(),
  completed_at: Timestamp.nullable(),
  score_percent: Percent.nullable(),
  wpm: z.number().min(0).nullable(),
  wcpm: z.number().min(0).nullable(),
  accuracy: Percent.nullable(),
});

// ---- Students, classes, goals, alerts ----

/** A student as class lists show them; `series` is a series id, as the customer's API spells it. */
export const StudentSummary = z.object({
  student_id: RecordId,
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string().describe('first and last name'),
  profile_pic_url: Url.nullable(),
  class_id: RecordId.nullable().describe('home class'),
  colour_band_id: ColourBandId.nullable().describe('null before placement or after a reset'),
  series: SeriesId.nullable().describe('series id'),
  last_active_at: Timestamp.nullable(),
  disabled: z.boolean().describe('a disabled account cannot sign in (M10)'),
});

/** A student's reading over a date range, for overviews (without the account's state). */
export const StudentReadingRow = StudentSummary.omit({ disabled: true }).extend({
  books_completed: Count,
  minutes_reading: z.number().min(0),
  average_score_percent: Percent.nullable(),
  latest_wpm: z.number().min(0).nullable(),
  latest_wcpm: z.number().min(0).nullable(),
  lexile: z.number().int().nullable().describe('current estimated Lexile'),
});

export const Class = z.object({
  id: RecordId,
  name: z.string(),
  subject_id: z.literal(SUBJECT_ID),
  num_students: z.number().int().min(1).describe(`capacity (default ${DEFAULT_CLASS_SIZE})`),
  student_count: Count.describe('students enrolled'),
  school_id: RecordId,
  academic_level_id: RecordId.nullable(),
  teachers: z.array(z.object({ id: RecordId, name: z.string() })),
});

const GoalTarget = (what: string, max: number) =>
  z
    .number()
    .int()
    .min(1, `${what} must be positive`)
    .max(max, `${what} is at most ${max}`)
    .nullable()
    .optional();

/** A reading goal: any of the three targets, by a date. */
export const Goal = z
  .strictObject({
    target_lexile: GoalTarget('target Lexile', 2000).describe('Lexile to reach'),
    target_wpm: GoalTarget('target WPM', 400).describe('words per minute to reach'),
    target_wcpm: GoalTarget('target WCPM', 400).describe('words correct per minute to reach'),
    target_date: DateInput.nullable().optional().describe('reach it by this date'),
  })
  .refine((goal) => goal.target_lexile != null || goal.target_wpm != null || goal.target_wcpm != null, {
    message: 'set at least one of target_lexile, target_wpm, target_wcpm',
  });

export const GOAL_KINDS = ['lexile', 'wpm', 'wcpm'] as const;

/** Where a student stands against one target of their goal. */
export const GoalProgress = z.object({
  kind: z.enum(GOAL_KINDS),
  target: z.number(),
  current: z.number().nullable(),
  target_date: CalendarDate.nullable(),
  achieved_at: Timestamp.nullable(),
});

/** A student's goal-settings entry: taken from class student data, with the student's goal. */
export const GoalSettingsEntry = StudentSummary.pick({
  student_id: true,
  profile_pic_url: true,
  name: true,
  colour_band_id: true,
  series: true,
}).extend({
  goal: Goal.nullable().describe('the student’s own goal; null: the class goal applies'),
});

export const Alert = z.object({
  id: RecordId,
  type_id: AlertTypeId,
  student_id: RecordId,
  student_name: z.string(),
  class_id: RecordId.nullable(),
  worksheet_id: RecordId.nullable(),
  message: z.string(),
  created_at: Timestamp,
  seen: z.boolean(),
});

/** Per learning outcome: how a student or group scored on questions tagged with it. */
export const LearningOutcomeScore = z.object({
  learning_outcome_id: RecordId,
  topic_id: RecordId,
  score_percent: Percent.nullable(),
  questions_answered: Count,
});

// ---- Activity ----

export const ActivityCounts = z.object({
  minutes_reading: z.number().min(0),
  pages_read: Count,
  books_completed: Count,
  quizzes_submitted: Count,
  recordings_submitted: Count,
});
export const ActivityDay = ActivityCounts.extend({ date: CalendarDate });
/** Activity of a group of students adds how many were active. */
export const GroupActivityCounts = ActivityCounts.extend({ active_students: Count });

/** A reading-activity log (docs/rules.md R22). */
export const ReadingActivityLog = z.strictObject({
  worksheet_id: RecordId.describe('the worksheet read'),
  start_time: DateTimeInput.describe('when this reading began (ISO 8601)'),
  num_practice_recordings: Count.describe('practice recordings made while reading'),
  reading_settings: ReadingSettings,
});

/** A recording-activity log (docs/rules.md RA11). */
export const RecordingActivityLog = z.strictObject({
  worksheet_id: RecordId.describe('the worksheet recorded'),
  num_re_recording: Count.describe('how many times the student recorded again'),
});

// ---- Notifications ----

export const NOTIFICATION_KINDS = ['assignment', 'recording_graded', 'license_ending'] as const;

export const Notification = z.object({
  id: RecordId,
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable().describe('an application path to open, if any'),
  read: z.boolean(),
  created_at: Timestamp,
});
