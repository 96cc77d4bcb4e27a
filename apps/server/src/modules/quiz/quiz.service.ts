/**
 * Quizzes (R8–R11): the questions of a passage as a student sees them, submitting a worksheet's answers
 * (the server re-marks them and applies the level rules in the same transaction) and reading the marked answers;
 * teachers' marks of open-ended answers, after which the result and its effects follow (R24, R25).
 */
import { and, eq } from 'drizzle-orm';
import type { contracts } from '@readalong/contracts';
import { BuilderType, type Body, type Response } from '@readalong/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { Executor } from '../../db/database.js';
import { gradings, students, type worksheets } from '../../db/schema/index.js';
import { invalidField, notFound } from '../../domain/errors.js';
import type { Actor } from '../../domain/actor.js';
import { isPassing } from '../progression/level-rules.js';
import {
  createProgressionService,
  findReader,
  placementOfWorksheet,
  type ProgressionService,
  type Reader,
} from '../progression/progression.service.js';
import { requireVisibleClass, requireVisibleStudent } from '../access/in-scope.js';
import { visibleWorksheets } from '../access/scope.js';
import { enrolledIn } from '../classes/class-conditions.js';
import { createGoalsService } from '../goals/goals.service.js';
import { currentLexileOf } from '../reports/reports.service.js';
import { createOutcomesService } from '../outcomes/outcomes.service.js';
import {
  createReadingService,
  findPassage,
  findWorksheet,
  updateWorksheet,
  type PassageRow,
  type ReadingService,
} from '../reading/reading.service.js';
import { completeIfDone } from '../reading/worksheet-completion.js';
import { answerProblem, answerText, markQuestion, quizScore, type ScoredPart } from './grading.js';
import { maxMarksOf, questionView } from './question-view.js';
import * as repo from './quiz.repository.js';

type SubmitResult = Response<typeof contracts.submitDiagnostics>;
type AnswerToMark = Response<typeof contracts.markAnswer>['answer'];
type AnswersQuery = z.output<(typeof contracts.getAnswersToMark)['query']>;
type Worksheet = typeof worksheets.$inferSelect;

const SECOND_MS = 1000;
/** The part of a result that only a placement test or a level change fills in. */
const NO_PLACEMENT = {
  placement_test_id: null,
  series_id: null,
  colour_band_id: null,
  has_reset_colour: false,
  level_change: null,
} satisfies Partial<SubmitResult>;

/** An open-ended answer as the teacher marking it sees it. */
const answerView = (row: repo.AnswerToMarkRow): AnswerToMark => ({
  id: row.id,
  worksheet_id: row.worksheetId,
  student_id: row.studentId,
  student_name: `${row.firstName} ${row.lastName}`.trim(),
  passage_id: row.passageId,
  passage_title: row.passageTitle,
  question_id: row.question.id,
  question_num: row.question.questionNum,
  prompt: row.question.prompt,
  guidance: answerText(row.question),
  answer: row.answer,
  max_marks: row.maxMarks,
  marks: row.isAwaitingMark ? null : row.marks,
  comment: row.comment,
  submitted_at: row.submittedAt!.toISOString(),
  marked_at: row.markedAt?.toISOString() ?? null,
});

export function createQuizService(
  deps: Deps,
  progression: ProgressionService = createProgressionService(deps),
  reading: ReadingService = createReadingService(deps, progression),
) {
  const { db, clock } = deps;
  const goals = createGoalsService(deps, progression);
  const outcomes = createOutcomesService(deps, progression);

  /** A quiz's book or placement may move the estimated Lexile to the student's goal: its alert comes here (G3). */
  async function checkLexileGoal(tx: Executor, studentId: number, worksheetId: number) {
    await goals.checkGoals(tx, studentId, { lexile: await currentLexileOf(tx, studentId) }, { worksheetId });
  }

  /**
   * Stores a (non-placement) quiz's score from its marked parts and sets off what the result earns (R10, R11):
   * at submission, and again after each teacher's mark (R25); `afterQuiz` makes doing it again harmless.
   */
  async function settleQuiz(
    tx: Executor,
    reader: Reader,
    quiz: { worksheet: Worksheet; passage: PassageRow; parts: readonly ScoredPart[] },
    by: number,
    changes: Partial<Worksheet> = {},
  ) {
    const { worksheet, passage } = quiz;
    const { totalScore, scorePercent } = quizScore(quiz.parts);
    const passed = scorePercent === null ? null : isPassing(scorePercent);
    await updateWorksheet(tx, worksheet.id, { ...changes, totalScore, scorePercent, isPassed: passed });
    const effects = await progression.afterQuiz(
      tx,
      reader,
      { worksheet, passage, scorePercent, passedBefore: worksheet.isPassed },
      by,
    );
    await outcomes.suggestSkillBuilders(tx, reader, worksheet);
    return { scorePercent, passed, effects };
  }

  /** A placement test marked again keeps its placement (the student has read at that level since, R25). */
  async function rescorePlacement(tx: Executor, worksheetId: number, parts: readonly ScoredPart[]) {
    const { totalScore, scorePercent } = quizScore(parts);
    await updateWorksheet(tx, worksheetId, { totalScore, scorePercent });
    return { scorePercent, passed: null };
  }

  /** A quiz submitted before answers its stored result again, and pays nothing. */
  async function storedResult(
    tx: Executor,
    worksheet: Worksheet,
    passage: PassageRow,
  ): Promise<SubmitResult> {
    const isPlacement = passage.builderTypeId === BuilderType.PlacementTest;
    const placement = isPlacement
      ? await placementOfWorksheet(tx, worksheet.studentId, worksheet.id)
      : undefined;
    return {
      completed: true,
      score_percent: worksheet.scorePercent,
      passed: isPlacement ? null : worksheet.isPassed,
      coins_awarded: 0,
      placement_test_id: null,
      series_id: placement?.toSeriesId ?? null,
      colour_band_id: placement?.toColourBandId ?? null,
      has_reset_colour: placement?.details.has_reset_colour === true,
      level_change: null,
    };
  }

  return {
    async getPassageQuestions(actor: Actor, passageId: number) {
      const passage = await reading.openPassage(db, actor, passageId);
      const questions = await repo.questionsOf(db, passage.id);
      // Answer keys never reach a student before that student has submitted this quiz (R8).
      const showAnswers =
        actor.role !== 'student' || (await repo.hasSubmittedQuiz(db, actor.userId, passage.id));
      return { questions: questions.map((question) => questionView(question, showAnswers)) };
    },

    async submitDiagnostics(
      actor: Actor,
      worksheetId: number,
      body: Body<typeof contracts.submitDiagnostics>,
    ): Promise<SubmitResult> {
      return db.transaction(async (tx) => {
        const reader = await reading.readerOf(tx, actor, { lock: true });
        const found = await findWorksheet(tx, worksheetId, visibleWorksheets(tx, actor), { lock: true });
        if (!found) throw notFound('worksheet');
        const { worksheet } = found;
        const passage = (await findPassage(tx, worksheet.passageId))!;
        const questions = await repo.questionsOf(tx, passage.id);
        const byId = new Map(questions.map((question) => [question.id, question]));
        body.gradings.forEach((row, index) => {
          const question = byId.get(row.question_id);
          if (!question) {
            throw invalidField(`body.gradings.${index}.question_id`, 'is not a question of this passage');
          }
          const problem = answerProblem(question, row.sub_question_num);
          if (problem) throw invalidField(`body.gradings.${index}.sub_question_num`, problem);
        });
        if (worksheet.quizSubmittedAt) return storedResult(tx, worksheet, passage);

        const rowOf = (
          questionId: number,
          part: { subQuestionNum: number; selectedOption: string; marks: number | null; maxMarks: number },
          timeTaken: number,
          awaiting: boolean,
        ): typeof gradings.$inferInsert => ({
          worksheetId: worksheet.id,
          schoolId: worksheet.schoolId,
          questionId,
          questionNum: byId.get(questionId)!.questionNum,
          subQuestionNum: part.subQuestionNum,
          marks: part.marks,
          maxMarks: part.maxMarks,
          selectedOption: part.selectedOption,
          timeTakenMs: timeTaken * SECOND_MS,
          isAwaitingMark: awaiting,
        });

        if (!body.completed) {
          await repo.saveDraftAnswers(
            tx,
            body.gradings.map((row) =>
              rowOf(
                row.question_id,
                {
                  subQuestionNum: row.sub_question_num,
                  selectedOption: row.selected_option,
                  marks: null,
                  maxMarks: 1,
                },
                row.time_taken,
                false,
              ),
            ),
          );
          return { ...NO_PLACEMENT, completed: false, score_percent: null, passed: null, coins_awarded: 0 };
        }
        if (questions.length === 0) throw invalidField('params.id', 'this passage has no quiz to submit');

        // Re-mark every part of every question: unanswered parts score 0, open-ended answers wait for a teacher.
        const marked = questions.flatMap((question) => {
          const answers = body.gradings.filter((row) => row.question_id === question.id);
          return markQuestion(
            question,
            answers.map((row) => ({
              subQuestionNum: row.sub_question_num,
              selectedOption: row.selected_option,
            })),
          ).map((part) => {
            const time = answers.find((row) => row.sub_question_num === part.subQuestionNum)?.time_taken ?? 0;
            return rowOf(question.id, part, time, part.marks === null);
          });
        });
        await repo.replaceGradings(tx, worksheet.id, marked);
        const now = clock.now();

        if (passage.builderTypeId === BuilderType.PlacementTest) {
          const { totalScore, scorePercent } = quizScore(marked);
          await updateWorksheet(tx, worksheet.id, { quizSubmittedAt: now, totalScore, scorePercent });
          const placed = await progression.placeFromTest(
            tx,
            reader,
            {
              worksheetId: worksheet.id,
              passageId: passage.id,
              seriesId: passage.seriesId,
              scorePercent: scorePercent ?? 0,
            },
            actor.userId,
          );
          await completeIfDone(tx, reader, worksheet.id, progression, now);
          await checkLexileGoal(tx, reader.userId, worksheet.id);
          return {
            completed: true,
            score_percent: scorePercent,
            passed: null,
            coins_awarded: 0,
            placement_test_id: null,
            series_id: placed.to.seriesId,
            colour_band_id: placed.to.colourBandId,
            has_reset_colour: placed.hasResetColour,
            level_change: null,
          };
        }

        const { scorePercent, passed, effects } = await settleQuiz(
          tx,
          reader,
          { worksheet, passage, parts: marked },
          actor.userId,
          { quizSubmittedAt: now },
        );
        const completion = await completeIfDone(tx, reader, worksheet.id, progression, now);
        await checkLexileGoal(tx, reader.userId, worksheet.id);
        const moved = effects.levelChange;
        return {
          ...NO_PLACEMENT,
          completed: true,
          score_percent: scorePercent,
          passed,
          coins_awarded: effects.coins + completion.coins,
          level_change: moved && {
            direction: moved.direction,
            series_id: moved.seriesId,
            colour_band_id: moved.colourBandId,
            medal: moved.medal,
          },
        };
      });
    },

    async getDiagnosticsSubmission(actor: Actor, worksheetId: number) {
      const found = await findWorksheet(db, worksheetId, visibleWorksheets(db, actor));
      if (!found) throw notFound('worksheet');
      const { worksheet } = found;
      const questions = await repo.questionsOf(db, worksheet.passageId);
      const rows = await repo.gradingsOf(db, worksheet.id);
      return {
        worksheet_id: worksheet.id,
        completed: worksheet.quizSubmittedAt !== null,
        submitted_at: worksheet.quizSubmittedAt?.toISOString() ?? null,
        total_score: worksheet.totalScore ?? 0,
        max_score: questions.reduce((sum, question) => sum + maxMarksOf(question), 0),
        score_percent: worksheet.scorePercent,
        passed: worksheet.isPassed,
        gradings: rows.map((row) => ({
          question_id: row.questionId,
          question_num: row.questionNum,
          sub_question_num: row.subQuestionNum,
          marks: row.marks ?? 0,
          selected_option: row.selectedOption,
          time_taken: Math.round(row.timeTakenMs / SECOND_MS),
          max_marks: row.maxMarks,
          awaiting_teacher: row.isAwaitingMark,
          comment: row.comment,
        })),
      };
    },

    /** Open-ended answers waiting for a mark, of the students in scope, oldest first (R24). */
    async getAnswersToMark(actor: Actor, query: AnswersQuery) {
      const { class_id: classId, student_id: studentId, page, limit } = query;
      if (classId !== undefined) await requireVisibleClass(db, actor, classId);
      if (studentId !== undefined) await requireVisibleStudent(db, actor, studentId);
      const rows = await repo
        .answersToMark(
          db,
          and(
            eq(gradings.isAwaitingMark, true),
            visibleWorksheets(db, actor),
            classId !== undefined ? enrolledIn(db, classId) : undefined,
            studentId !== undefined ? eq(students.userId, studentId) : undefined,
          ),
        )
        .offset(page * limit)
        .limit(limit + 1);
      return { answers: rows.slice(0, limit).map(answerView), page, has_more: rows.length > limit };
    },

    /**
     * A teacher marks an open-ended answer, or marks it again (R24): the quiz's score and pass or fail are worked
     * out again by the rule of submission, and what they earn follows, as if the mark had been there then (R25).
     */
    async markAnswer(actor: Actor, answerId: number, body: Body<typeof contracts.markAnswer>) {
      return db.transaction(async (tx) => {
        const inScope = and(eq(gradings.id, answerId), visibleWorksheets(tx, actor));
        const [answer] = await repo.answersToMark(tx, inScope);
        if (!answer) throw notFound('answer');
        if (body.marks > answer.maxMarks) {
          throw invalidField('body.marks', `must be between 0 and ${answer.maxMarks}`);
        }
        // Locked as a submission locks them (student, then worksheet): one student's results move one at a time.
        const reader = (await findReader(tx, answer.studentId, { lock: true }))!;
        const { worksheet } = (await findWorksheet(tx, answer.worksheetId, visibleWorksheets(tx, actor), {
          lock: true,
        }))!;
        const passage = (await findPassage(tx, worksheet.passageId))!;
        await repo.setMark(tx, answer.id, {
          marks: body.marks,
          comment: body.comment || null, // trimmed by the contract; empty means none
          markedBy: actor.userId,
          markedAt: clock.now(),
        });
        const parts = await repo.gradingsOf(tx, worksheet.id);
        const result =
          passage.builderTypeId === BuilderType.PlacementTest
            ? await rescorePlacement(tx, worksheet.id, parts)
            : await settleQuiz(tx, reader, { worksheet, passage, parts }, actor.userId);
        await checkLexileGoal(tx, reader.userId, worksheet.id);
        const [marked] = await repo.answersToMark(tx, eq(gradings.id, answer.id));
        return { answer: answerView(marked!), score_percent: result.scorePercent, passed: result.passed };
      });
    },
  };
}
