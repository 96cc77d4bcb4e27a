/**
 * Module recordings: read-aloud uploads, trim, mistakes, comments, views and the recording-activity log
 * (docs/rules.md RA2–RA12, RA15).
 */
import { z } from 'zod';
import { Count, CountQuery, Id, IdParams, Ok, RecordId, Text } from '../common.js';
import { ANY_ROLE, defineContract, STAFF, STUDENT } from '../contract.js';
import { Mistake, Recording, RecordingActivityLog } from '../entities.js';

export const RECORDING_MAX_BYTES = 25 * 1024 * 1024;

export const RECORDING_MAX_DURATION_MS = 10 * 60 * 1000;

/** A point in a recording, in seconds: never past the longest recording accepted (I5). */
const RecordingSeconds = z
  .number()
  .min(0)
  .max(RECORDING_MAX_DURATION_MS / 1000, 'a recording is at most 10 minutes');

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
      num_re_recording: CountQuery.default(0).describe('times the student recorded again'),
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
      start_time: RecordingSeconds.describe('seconds into the audio where reading starts'),
      end_time: RecordingSeconds.nullable().describe(
        'seconds into the audio where reading ends; null: the end',
      ),
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
    comment: Text.trim().min(1, 'comment is required').max(2000).describe('feedback for the student'),
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

export const getClassRecordings = defineContract({
  name: 'getClassRecordings',
  method: 'GET',
  path: '/v1/classes/recordings',
  summary: 'Submitted recordings of a class’s students, ungraded first, then newest first.',
  access: STAFF,
  query: z.object({ class_id: Id.describe('the class') }),
  response: z.object({ recordings: z.array(Recording) }),
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
