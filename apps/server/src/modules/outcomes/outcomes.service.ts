/**
 * Learning-outcome performance and proficiency, and results per question type (P11): the student's own,
 * or (staff) a student's within their scope. Every outcome asked for is listed; one not yet answered scores null.
 */
import { AlertType, PROGRESSION, QuestionType } from '@readalong/contracts';
import type { Deps } from '../../deps.js';
import type { Executor } from '../../db/database.js';
import type { Actor } from '../../domain/actor.js';
import {
  createProgressionService,
  hasAlert,
  type ProgressionService,
  type Reader,
} from '../progression/progression.service.js';
import { reportInterval, type DateRangeQuery } from '../reports/date-range.js';
import { reportStudentId, requireVisibleStudent } from '../access/in-scope.js';
import * as repo from './outcomes.repository.js';

export { outcomeScoresOf } from './outcomes.repository.js';

/** Marks ÷ maximum marks in percent, to one decimal (P11); null when nothing is marked. */
export const percent = (marks: number | null, maxMarks: number | null) =>
  marks === null || !maxMarks ? null : Math.round((Number(marks) * 1000) / Number(maxMarks)) / 10;

type OutcomeRow = Awaited<ReturnType<typeof repo.outcomeScores>>[number];
const outcomeView = (row: OutcomeRow) => ({
  learning_outcome_id: row.outcomeId,
  topic_id: row.topicId,
  score_percent: percent(row.marks, row.maxMarks),
  questions_answered: Number(row.answered ?? 0),
});

export type OutcomesService = ReturnType<typeof createOutcomesService>;

/** Enough marked answers, scored below the bar: an outcome a skill builder would help with (P18). */
const needsPractice = (row: OutcomeRow) => {
  const score = percent(row.marks, row.maxMarks);
  return (
    score !== null &&
    Number(row.answered ?? 0) >= PROGRESSION.skillBuilderMinAnswers &&
    score < PROGRESSION.skillBuilderBelowPercent
  );
};

export function createOutcomesService(
  deps: Deps,
  progression: ProgressionService = createProgressionService(deps),
) {
  const { db, clock } = deps;
  return {
    /**
     * After a quiz is marked, in its transaction: each outcome its questions measure that the student now scores
     * below the bar raises AssignSkillBuilder for their teachers, once per student and outcome (P18).
     */
    async suggestSkillBuilders(tx: Executor, reader: Reader, worksheet: { id: number; passageId: number }) {
      const outcomeIds = await repo.outcomesOfPassage(tx, worksheet.passageId);
      if (outcomeIds.length === 0) return;
      const scores = await repo.outcomeScores(tx, reader.userId, { outcomeIds });
      for (const row of scores.filter(needsPractice)) {
        const about = { learning_outcome_id: row.outcomeId };
        if (await hasAlert(tx, reader.userId, AlertType.AssignSkillBuilder, about)) continue;
        await progression.raise(tx, reader, AlertType.AssignSkillBuilder, {
          passageId: worksheet.passageId,
          worksheetId: worksheet.id,
          details: { ...about, outcome: row.name, score_percent: percent(row.marks, row.maxMarks) },
        });
      }
    },

    async performances(
      actor: Actor,
      studentId: number,
      query: DateRangeQuery & { topic_groups?: number[] | undefined },
    ) {
      const interval = reportInterval(query, clock.now());
      await requireVisibleStudent(db, actor, studentId);
      const rows = await repo.outcomeScores(db, studentId, { interval, topicGroupIds: query.topic_groups });
      return { learning_outcome_performances: rows.map(outcomeView) };
    },

    /** Proficiency is over every quiz the student has submitted, whenever: the caller's own or (staff) a named one's (P14). */
    async proficiency(
      actor: Actor,
      query: { student_id?: number | undefined; learning_outcome_ids?: number[] | undefined },
    ) {
      const studentId = await reportStudentId(db, actor, query.student_id);
      const rows = await repo.outcomeScores(db, studentId, { outcomeIds: query.learning_outcome_ids });
      return { proficiency: rows.map(outcomeView) };
    },

    /** Each of the eight question types, zero where none has been answered. */
    async questionDetails(actor: Actor, query: { student_id?: number | undefined }) {
      const studentId = await reportStudentId(db, actor, query.student_id);
      const byType = new Map((await repo.questionTypeScores(db, studentId)).map((row) => [row.typeId, row]));
      return {
        question_types: Object.values(QuestionType).map((typeId) => {
          const row = byType.get(typeId);
          return {
            question_type_id: typeId,
            questions_answered: Number(row?.answered ?? 0),
            marks: Number(row?.marks ?? 0),
            max_marks: Number(row?.maxMarks ?? 0),
          };
        }),
      };
    },
  };
}
