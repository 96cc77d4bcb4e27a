/** Module quiz: a passage's questions (keys withheld, R8) and a quiz's submission and result (docs/rules.md R8–R16). */
import { z } from 'zod';
import { Amount, Count, IdParams, Percent, RecordId, Timestamp } from '../common.js';
import { ANY_ROLE, defineContract, STUDENT } from '../contract.js';
import { ColourBandId, QuestionTypeId, SeriesId } from '../domain.js';
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
      }),
    ),
  }),
});
