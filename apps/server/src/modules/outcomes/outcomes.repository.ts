/**
 * A student's marked answers summed by learning outcome or question type (P11). Only submitted quizzes
 * count, and only answers with a mark: an open-ended answer counts once a teacher has marked it.
 */
import { and, asc, countDistinct, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import {
  gradings,
  learningOutcomes,
  questionLearningOutcomes,
  questions,
  studentOutcomeDays,
  topics,
  worksheets,
} from '../../db/schema/index.js';
import { onDays, wholeDaysOf, type Days } from '../activity/activity.service.js';
import type { Interval } from '../reports/date-range.js';
import { theStudent, type Whose } from '../reports/report-conditions.js';

/** Condition on gradings joined to worksheets: the marked answers of submitted quizzes of the students `whose` names. */
function markedAnswersOf(whose: Whose, interval: Interval | undefined): SQL {
  return and(
    whose(worksheets.studentId),
    isNotNull(worksheets.quizSubmittedAt),
    isNotNull(gradings.marks),
    interval ? gte(worksheets.quizSubmittedAt, interval.from) : undefined,
    interval ? lt(worksheets.quizSubmittedAt, interval.until) : undefined,
  )!;
}

const answered = countDistinct(sql`(${gradings.worksheetId}, ${gradings.questionId})`);

export interface OutcomeFilter {
  interval?: Interval;
  topicGroupIds?: number[];
  outcomeIds?: number[];
}

/** Every learning outcome the filter names (all by default), with the student's marks on it, if any. */
export const outcomeScores = (db: Executor, studentId: number, filter: OutcomeFilter) =>
  outcomeScoresOf(db, theStudent(studentId), filter);

/**
 * Per outcome, the marks of the students `whose` names over whole days, kept in `student_outcome_days` (IN9). A
 * student counts once, on their first day with the outcome in the period: the row whose previous day is before it.
 */
function keptScores(db: Executor, whose: Whose, days: Days) {
  const kept = studentOutcomeDays;
  const firstInPeriod = sql`${kept.previousDay} is null or ${kept.previousDay} < ${days.from}`;
  return db
    .select({
      outcomeId: kept.learningOutcomeId,
      marks: sql<number>`sum(${kept.marks})`.as('marks'),
      maxMarks: sql<number>`sum(${kept.maxMarks})`.as('max_marks'),
      answered: sql<number>`sum(${kept.answered})`.as('answered'),
      students: sql<number>`count(*) filter (where ${firstInPeriod})`.as('students'),
    })
    .from(kept)
    .where(and(whose(kept.studentId), onDays(days, kept.day)))
    .groupBy(kept.learningOutcomeId)
    .as('scores');
}

/**
 * Every learning outcome the filter names (all by default), with the marks of the students `whose` names on it
 * (summed: marks ÷ maximum marks over all their answers), how many questions and how many students answered it. A
 * period of whole UTC days is read from `student_outcome_days`; any other from the marked answers themselves.
 */
export async function outcomeScoresOf(db: Executor, whose: Whose, filter: OutcomeFilter) {
  const whole = filter.interval ? wholeDaysOf(filter.interval) : undefined;
  const scores =
    whole?.days && whole.ends.length === 0
      ? keptScores(db, whose, whole.days)
      : db
          .select({
            outcomeId: questionLearningOutcomes.learningOutcomeId,
            marks: sql<number>`sum(${gradings.marks})`.as('marks'),
            maxMarks: sql<number>`sum(${gradings.maxMarks})`.as('max_marks'),
            answered: answered.as('answered'),
            students: countDistinct(worksheets.studentId).as('students'),
          })
          .from(gradings)
          .innerJoin(worksheets, eq(worksheets.id, gradings.worksheetId))
          .innerJoin(questionLearningOutcomes, eq(questionLearningOutcomes.questionId, gradings.questionId))
          .where(markedAnswersOf(whose, filter.interval))
          .groupBy(questionLearningOutcomes.learningOutcomeId)
          .as('scores');
  return db
    .select({
      outcomeId: learningOutcomes.id,
      topicId: learningOutcomes.topicId,
      topicGroupId: topics.topicGroupId,
      name: learningOutcomes.name,
      students: scores.students,
      marks: scores.marks,
      maxMarks: scores.maxMarks,
      answered: scores.answered,
    })
    .from(learningOutcomes)
    .innerJoin(topics, eq(topics.id, learningOutcomes.topicId))
    .leftJoin(scores, eq(scores.outcomeId, learningOutcomes.id))
    .where(
      and(
        filter.topicGroupIds ? inArray(topics.topicGroupId, filter.topicGroupIds) : undefined,
        filter.outcomeIds ? inArray(learningOutcomes.id, filter.outcomeIds) : undefined,
      ),
    )
    .orderBy(asc(learningOutcomes.topicId), asc(learningOutcomes.id));
}

/** The student's marks per question type. */
export function questionTypeScores(db: Executor, studentId: number) {
  return db
    .select({
      typeId: questions.typeId,
      marks: sql<number>`sum(${gradings.marks})`,
      maxMarks: sql<number>`sum(${gradings.maxMarks})`,
      answered,
    })
    .from(gradings)
    .innerJoin(worksheets, eq(worksheets.id, gradings.worksheetId))
    .innerJoin(questions, eq(questions.id, gradings.questionId))
    .where(markedAnswersOf(theStudent(studentId), undefined))
    .groupBy(questions.typeId);
}

/** The learning outcomes a passage's questions measure. */
export async function outcomesOfPassage(db: Executor, passageId: number) {
  const rows = await db
    .selectDistinct({ id: questionLearningOutcomes.learningOutcomeId })
    .from(questionLearningOutcomes)
    .innerJoin(questions, eq(questions.id, questionLearningOutcomes.questionId))
    .where(eq(questions.passageId, passageId));
  return rows.map((row) => row.id);
}
