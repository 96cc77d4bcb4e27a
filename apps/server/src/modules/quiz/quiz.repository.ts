/** Queries for a passage's questions, a worksheet's grading rows and the open-ended answers teachers mark. */
import { and, asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { QuestionType } from '@readalong/contracts';
import { hasRows, type Executor } from '../../db/database.js';
import {
  gradings,
  passages,
  questionLearningOutcomes,
  questions,
  students,
  users,
  worksheets,
} from '../../db/schema/index.js';
import type { StoredQuestionRow } from './grading.js';

export type QuestionRow = StoredQuestionRow & { learningOutcomeIds: number[] };

/** A passage's questions in order, with the learning outcomes each is tagged with. */
export async function questionsOf(db: Executor, passageId: number): Promise<QuestionRow[]> {
  const rows = await db
    .select({
      id: questions.id,
      questionNum: questions.questionNum,
      typeId: questions.typeId,
      prompt: questions.prompt,
      content: questions.content,
      answerKey: questions.answerKey,
      marks: questions.marks,
      learningOutcomeIds: sql<
        number[]
      >`coalesce((select array_agg(${questionLearningOutcomes.learningOutcomeId}
        order by ${questionLearningOutcomes.learningOutcomeId}) from ${questionLearningOutcomes}
        where ${questionLearningOutcomes.questionId} = ${questions.id}), '{}')`,
    })
    .from(questions)
    .where(eq(questions.passageId, passageId))
    .orderBy(asc(questions.questionNum));
  return rows;
}

/** Whether the student has submitted this passage's quiz on any worksheet. */
export async function hasSubmittedQuiz(db: Executor, studentId: number, passageId: number) {
  return hasRows(
    db,
    worksheets,
    and(
      eq(worksheets.studentId, studentId),
      eq(worksheets.passageId, passageId),
      isNotNull(worksheets.quizSubmittedAt),
    ),
  );
}

export const gradingsOf = (db: Executor, worksheetId: number) =>
  db
    .select()
    .from(gradings)
    .where(eq(gradings.worksheetId, worksheetId))
    .orderBy(asc(gradings.questionNum), asc(gradings.subQuestionNum));

type GradingInsert = typeof gradings.$inferInsert;

/** Saves answers so far: each row replaces the earlier answer to the same (sub-)question. */
export async function saveDraftAnswers(db: Executor, rows: GradingInsert[]) {
  if (rows.length === 0) return;
  await db
    .insert(gradings)
    .values(rows)
    .onConflictDoUpdate({
      target: [gradings.worksheetId, gradings.questionId, gradings.subQuestionNum],
      set: {
        selectedOption: sql`excluded.selected_option`,
        timeTakenMs: sql`excluded.time_taken_ms`,
        marks: sql`excluded.marks`,
      },
    });
}

/** The marked quiz: every part of every question, replacing the saved answers. */
export async function replaceGradings(db: Executor, worksheetId: number, rows: GradingInsert[]) {
  await db.delete(gradings).where(eq(gradings.worksheetId, worksheetId));
  if (rows.length) await db.insert(gradings).values(rows);
}

/** A grading row's mark by a teacher (R24): the part no longer waits. */
export const setMark = (
  db: Executor,
  gradingId: number,
  mark: { marks: number; comment: string | null; markedBy: number; markedAt: Date },
) =>
  db
    .update(gradings)
    .set({ ...mark, isAwaitingMark: false })
    .where(eq(gradings.id, gradingId));

/**
 * Open-ended answers of submitted quizzes with what a teacher marks them by, oldest submission first; `where`
 * adds the caller's scope (on `worksheets`) and filters (on `students`, `gradings`).
 */
export function answersToMark(db: Executor, where: SQL | undefined) {
  return db
    .select({
      id: gradings.id,
      worksheetId: gradings.worksheetId,
      studentId: worksheets.studentId,
      firstName: users.firstName,
      lastName: users.lastName,
      passageId: passages.id,
      passageTitle: passages.title,
      question: {
        id: questions.id,
        questionNum: questions.questionNum,
        typeId: questions.typeId,
        prompt: questions.prompt,
        content: questions.content,
        answerKey: questions.answerKey,
        marks: questions.marks,
      },
      answer: gradings.selectedOption,
      isAwaitingMark: gradings.isAwaitingMark,
      maxMarks: gradings.maxMarks,
      marks: gradings.marks,
      comment: gradings.comment,
      submittedAt: worksheets.quizSubmittedAt,
      markedAt: gradings.markedAt,
    })
    .from(gradings)
    .innerJoin(worksheets, eq(worksheets.id, gradings.worksheetId))
    .innerJoin(students, eq(students.userId, worksheets.studentId))
    .innerJoin(users, eq(users.id, worksheets.studentId))
    .innerJoin(passages, eq(passages.id, worksheets.passageId))
    .innerJoin(questions, eq(questions.id, gradings.questionId))
    .where(and(eq(questions.typeId, QuestionType.OpenEnded), isNotNull(worksheets.quizSubmittedAt), where))
    .orderBy(asc(worksheets.quizSubmittedAt), asc(gradings.worksheetId), asc(gradings.questionNum))
    .$dynamic();
}
export type AnswerToMarkRow = Awaited<ReturnType<typeof answersToMark>>[number];
