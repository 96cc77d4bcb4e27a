/**
 * Module goals: a class's default reading goal and students' own (docs/rules.md G1–G3, RA9). The
 * student reads their goals and progress in getReadingOverview (calls/reports.ts).
 */
import { z } from 'zod';
import { Id, IdParams, RecordId } from '../common.js';
import { defineContract, STAFF } from '../contract.js';
import { Goal, GoalSettingsEntry } from '../entities.js';
import { MAX_BATCH } from './shared.js';

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
