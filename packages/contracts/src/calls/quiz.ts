/**
 * Module quiz: a passage's questions (keys withheld, R8), a quiz's submission and result (docs/rules.md R8–R16), and
 * teachers' marks of open-ended answers, calls of our own (R24–R25).
 */
import { z } from 'zod';
import { Amount, Count, Id, IdParams, paging, Percent, RecordId, Text, Timestamp } from '../common.js';
import { ANY_ROLE, defineContract, STAFF, STUDENT } from '../contract.js';
import { ColourBandId, QuestionTypeId, SeriesId } from '../domain-schemas.js';
import { GradingRow } from '../entities.js';

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

/** A move up or down a band after a quiz; a level up carries its medal (docs/rules.md L3–L5). */
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
    total_score: Amount.min(0, 'total_score cannot be negative').describe('the client’s total'),
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
        comment: z
          .string()
          .nullable()
          .describe('open-ended: the teacher’s comment with the mark (ours, R24)'),
      }),
    ),
  }),
});

/** An open-ended answer as a teacher marks it (R24). */
export const AnswerToMark = z.object({
  id: RecordId.describe('the answer'),
  worksheet_id: RecordId,
  student_id: RecordId,
  student_name: z.string(),
  passage_id: RecordId,
  passage_title: z.string(),
  question_id: RecordId,
  question_num: z.number().int().min(1),
  prompt: z.string(),
  guidance: z.string().describe('what a good answer holds, for the teacher'),
  answer: z.string().describe('what the student wrote'),
  max_marks: z.number().min(0),
  marks: z.number().min(0).nullable().describe('null while it waits for a mark'),
  comment: z.string().nullable(),
  submitted_at: Timestamp,
  marked_at: Timestamp.nullable(),
});

export const getAnswersToMark = defineContract({
  name: 'getAnswersToMark',
  method: 'GET',
  path: '/v1/worksheets/answers/awaiting-mark',
  summary:
    'Open-ended answers waiting for a teacher’s mark, of the students in scope, oldest first (our own call, R24).',
  access: STAFF,
  query: z.object({
    class_id: Id.optional().describe('one class'),
    student_id: Id.optional().describe('one student'),
    ...paging(),
  }),
  response: z.object({ answers: z.array(AnswerToMark), page: Count, has_more: z.boolean() }),
});

export const markAnswer = defineContract({
  name: 'markAnswer',
  method: 'PUT',
  path: '/v1/worksheets/answers/{id}/mark',
  summary:
    'Mark an open-ended answer (again): the quiz’s score, pass or fail, coins and level follow (our own call, R24–R25).',
  access: STAFF,
  params: IdParams,
  body: z.strictObject({
    marks: Amount
      // Exactly: `multipleOf` lets a tiny number through (float tolerance), which the database cannot hold.
      .refine((marks) => Number.isInteger(marks * 2), 'marks go in halves')
      .describe('from 0 to the question’s max_marks, in halves'),
    comment: Text.trim().max(2000).nullish().describe('for the student; empty or left out: none'),
  }),
  response: z.object({
    answer: AnswerToMark,
    score_percent: Percent.nullable().describe('the quiz’s score with this mark'),
    passed: z.boolean().nullable().describe('null for placement tests'),
  }),
});
