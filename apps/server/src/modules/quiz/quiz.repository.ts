/** Queries for a passage's questions and a worksheet's grading rows. */
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { hasRows, type Executor } from '../../db/database.js';
import { gradings, questionLearningOutcomes, questions, worksheets } from '../../db/schema/index.js';
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
