/** Module assignments: staff set a passage for a class or named students and follow it (docs/rules.md P4–P6, P17). */
import { z } from 'zod';
import { CalendarDate, Count, DateInput, Id, IdParams, Ok, RecordId, Text, Timestamp } from '../common.js';
import { ANY_ROLE, defineContract, STAFF, STUDENT } from '../contract.js';
import { BuilderTypeId } from '../domain-schemas.js';
import { PassageActivity } from '../entities.js';
import { StudentPassageProgress } from './reading.js';

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
  read_aloud: z
    .boolean()
    .optional()
    .describe('require a read-aloud recording (default: true, false for a skill builder)'),
  due_at: DateInput.nullable().optional().describe('due date; null: none'),
  note: Text.trim().max(500).nullable().optional().describe('instructions for the students'),
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

export const getAssignmentsActivity = defineContract({
  name: 'getAssignmentsActivity',
  method: 'GET',
  path: '/v1/worksheets/assignments/activity',
  summary: 'Each live assignment of a class, newest first, with every student it reaches and their progress.',
  access: STAFF,
  query: z.object({ class_id: Id.describe('the class') }),
  response: z.object({
    assignments: z.array(
      PassageActivity.extend({
        assignment_id: RecordId,
        student_ids: Assignment.shape.student_ids,
        read_aloud: Assignment.shape.read_aloud,
        due_at: CalendarDate.nullable(),
        note: z.string().nullable(),
        created_at: Timestamp,
        students_assigned: Count,
        students_read: Count.describe('students who read every page'),
        quizzes_submitted: Count,
        recordings_submitted: Count,
        students: z.array(StudentPassageProgress),
      }),
    ),
  }),
});
