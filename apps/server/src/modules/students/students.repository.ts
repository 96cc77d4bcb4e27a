/** Queries for students as staff and the students themselves see them: scope, and their skill and rate builders. */
import { and, asc, desc, eq, notExists, sql, type SQL } from 'drizzle-orm';
import { assignedTo } from '../access/scope.js';
import type { Executor } from '../../db/database.js';
import {
  assignments,
  gradings,
  learningOutcomes,
  passages,
  questionLearningOutcomes,
  recordings,
  students,
  worksheets,
} from '../../db/schema/index.js';

/** A student within `scope` (a condition on students), or undefined. */
export async function findVisibleStudent(db: Executor, studentId: number, scope: SQL) {
  const [row] = await db
    .select({ userId: students.userId })
    .from(students)
    .where(and(eq(students.userId, studentId), scope));
  return row;
}

/** The student's worksheets of one builder type, the current one per passage (open first, else latest). */
export function builderWorksheets(db: Executor, studentId: number, builderTypeId: number) {
  return db
    .selectDistinctOn([worksheets.passageId], {
      passageId: worksheets.passageId,
      title: passages.title,
      worksheetId: worksheets.id,
      assignedAt: assignments.createdAt,
      completedAt: worksheets.completedAt,
      scorePercent: worksheets.scorePercent,
      wpm: sql<number | null>`(select ${recordings.wpm} from ${recordings}
        where ${recordings.worksheetId} = ${worksheets.id} and ${recordings.isPractice} = false
          and ${recordings.wpm} is not null
        order by ${recordings.createdAt} desc, ${recordings.id} desc limit 1)`,
    })
    .from(worksheets)
    .innerJoin(passages, eq(passages.id, worksheets.passageId))
    .leftJoin(assignments, eq(assignments.id, worksheets.assignmentId))
    .where(and(eq(worksheets.studentId, studentId), eq(passages.builderTypeId, builderTypeId)))
    .orderBy(worksheets.passageId, asc(worksheets.worksheetCompleted), desc(worksheets.id));
}

const startedBy = (studentId: number) =>
  notExists(
    sql`(select 1 from ${worksheets} where ${worksheets.studentId} = ${studentId}
      and ${worksheets.passageId} = ${passages.id})`,
  );

/** Passages of one builder type assigned to the student's classes and not started yet. */
export function assignedNotStarted(db: Executor, studentId: number, builderTypeId: number) {
  return db
    .selectDistinctOn([passages.id], {
      passageId: passages.id,
      title: passages.title,
      assignedAt: assignments.createdAt,
    })
    .from(assignments)
    .innerJoin(passages, eq(passages.id, assignments.passageId))
    .where(and(eq(passages.builderTypeId, builderTypeId), assignedTo(db, studentId), startedBy(studentId)))
    .orderBy(passages.id, desc(assignments.createdAt));
}

/** Learning outcomes the student scores below `belowPercent` on, over their submitted quizzes. */
export async function weakOutcomeCodes(db: Executor, studentId: number, belowPercent: number) {
  const rows = await db
    .select({ code: learningOutcomes.code })
    .from(gradings)
    .innerJoin(worksheets, eq(worksheets.id, gradings.worksheetId))
    .innerJoin(questionLearningOutcomes, eq(questionLearningOutcomes.questionId, gradings.questionId))
    .innerJoin(learningOutcomes, eq(learningOutcomes.id, questionLearningOutcomes.learningOutcomeId))
    .where(
      and(
        eq(worksheets.studentId, studentId),
        sql`${worksheets.quizSubmittedAt} is not null`,
        sql`${gradings.marks} is not null`,
      ),
    )
    .groupBy(learningOutcomes.code)
    .having(sql`sum(${gradings.marks}) * 100 < ${belowPercent} * sum(${gradings.maxMarks})`);
  return rows.map((row) => row.code);
}

/** Skill builders that meet `targets` (the outcomes to practise) and the student has not started. */
export function skillBuildersFor(db: Executor, studentId: number, builderTypeId: number, targets: SQL) {
  return db
    .select({ passageId: passages.id, title: passages.title })
    .from(passages)
    .where(and(eq(passages.builderTypeId, builderTypeId), targets, startedBy(studentId)))
    .orderBy(asc(passages.colourBandId), asc(passages.title));
}
