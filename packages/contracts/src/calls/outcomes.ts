/** Module outcomes: learning-outcome scores and proficiency from marked answers (docs/rules.md P11, P14). */
import { z } from 'zod';
import { Count, DateRange, IdList, IdParams, SubjectIdQuery } from '../common.js';
import { ANY_ROLE, defineContract } from '../contract.js';
import { QuestionTypeId } from '../domain-schemas.js';
import { LearningOutcomeScore } from '../entities.js';
import { ReportStudent } from './shared.js';

export const getStudentProficiency = defineContract({
  name: 'getStudentProficiency',
  method: 'GET',
  path: '/v1/user/student/proficiency',
  summary:
    'A student’s score per learning outcome over all time: the signed-in student’s own, or (staff) the one `student_id` names.',
  access: ANY_ROLE,
  query: z.object({
    subject_id: SubjectIdQuery,
    ...ReportStudent,
    learning_outcome_ids: IdList.optional().describe('only these learning outcomes; all when omitted'),
  }),
  response: z.object({ proficiency: z.array(LearningOutcomeScore) }),
});

export const getQuestionDetails = defineContract({
  name: 'getQuestionDetails',
  method: 'GET',
  path: '/v2/students/question-details',
  summary:
    'A student’s results per question type: the signed-in student’s own, or (staff) the one `student_id` names.',
  access: ANY_ROLE,
  query: z.object({ subject_id: SubjectIdQuery, ...ReportStudent }),
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
