/**
 * A class's skill builders by learning outcome (docs/rules.md R27): the outcomes its students score below the mark on
 * (or that an assigned skill builder practises), and for each skill builder practising one, how many of those
 * students have not started it yet (it is suggested for them, as R20 suggests it to each), started and finished it,
 * and when it was last assigned to the class. A few set-based queries; the grouping is done here.
 */
import { BuilderType, PROGRESSION } from '@readalong/contracts';
import { and, avg, count, countDistinct, eq, inArray, isNotNull, isNull, max, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import {
  assignments,
  enrolments,
  gradings,
  learningOutcomes,
  passages,
  questionLearningOutcomes,
  worksheets,
} from '../../db/schema/index.js';

const BELOW = PROGRESSION.skillBuilderBelowPercent;
const isSkillBuilder = eq(passages.builderTypeId, BuilderType.SkillBuilder);

const studentsOf = (db: Executor, classId: number) =>
  db.select({ id: enrolments.studentId }).from(enrolments).where(eq(enrolments.classId, classId));

/** Each (student, outcome) of the class scored below the mark, over submitted, marked answers. */
function weakOutcomes(db: Executor, classId: number) {
  return db
    .select({ studentId: worksheets.studentId, outcomeId: learningOutcomes.id })
    .from(gradings)
    .innerJoin(worksheets, eq(worksheets.id, gradings.worksheetId))
    .innerJoin(questionLearningOutcomes, eq(questionLearningOutcomes.questionId, gradings.questionId))
    .innerJoin(learningOutcomes, eq(learningOutcomes.id, questionLearningOutcomes.learningOutcomeId))
    .where(
      and(
        inArray(worksheets.studentId, studentsOf(db, classId)),
        isNotNull(worksheets.quizSubmittedAt),
        isNotNull(gradings.marks),
      ),
    )
    .groupBy(worksheets.studentId, learningOutcomes.id)
    .having(sql`sum(${gradings.marks}) * 100 < ${BELOW} * sum(${gradings.maxMarks})`);
}

/** Skill builders assigned to the class (live assignments), with the latest assignment's time. */
function assignedSkillBuilders(db: Executor, classId: number) {
  return db
    .select({ passageId: assignments.passageId, assignedAt: max(assignments.createdAt) })
    .from(assignments)
    .innerJoin(passages, eq(passages.id, assignments.passageId))
    .where(and(eq(assignments.classId, classId), isNull(assignments.deletedAt), isSkillBuilder))
    .groupBy(assignments.passageId);
}

/** Skill builders that are assigned, or practise any of `outcomeIds`, with the outcomes they practise. */
function skillBuildersFor(db: Executor, outcomeIds: number[], assignedIds: number[]) {
  const codesOf = db
    .select({ code: learningOutcomes.code })
    .from(learningOutcomes)
    .where(inArray(learningOutcomes.id, outcomeIds));
  return db
    .select({
      passageId: passages.id,
      title: passages.title,
      seriesId: passages.seriesId,
      colourBandId: passages.colourBandId,
      codes: passages.targetOutcomeCodes,
    })
    .from(passages)
    .where(
      and(
        isSkillBuilder,
        sql`(${passages.targetOutcomeCodes} ?| array(${codesOf})
          or ${inArray(passages.id, assignedIds)})`,
      ),
    );
}

/** What the class's students did with each of `passageIds`: who started it, finished it, and the average score. */
async function classUse(db: Executor, classId: number, passageIds: number[]) {
  const mine = and(
    inArray(worksheets.studentId, studentsOf(db, classId)),
    inArray(worksheets.passageId, passageIds),
  );
  const [started, totals] = await Promise.all([
    db
      .selectDistinct({ studentId: worksheets.studentId, passageId: worksheets.passageId })
      .from(worksheets)
      .where(mine),
    db
      .select({
        passageId: worksheets.passageId,
        started: countDistinct(worksheets.studentId),
        completed: countDistinct(
          sql`case when ${worksheets.worksheetCompleted} then ${worksheets.studentId} end`,
        ),
        averageScore: avg(worksheets.scorePercent).mapWith(Number),
      })
      .from(worksheets)
      .where(mine)
      .groupBy(worksheets.passageId),
  ]);
  return {
    hasStarted: new Set(started.map((row) => `${row.studentId}:${row.passageId}`)),
    totals: new Map(totals.map((row) => [row.passageId, row])),
  };
}

/** The class's skill builders by learning outcome (R27), most students below the mark first. */
export async function classSkillBuilders(db: Executor, classId: number) {
  const [[enrolled], weak, assigned] = await Promise.all([
    db.select({ students: count() }).from(enrolments).where(eq(enrolments.classId, classId)),
    weakOutcomes(db, classId),
    assignedSkillBuilders(db, classId),
  ]);
  const weakStudents = new Map<number, number[]>();
  for (const { outcomeId, studentId } of weak) {
    weakStudents.set(outcomeId, [...(weakStudents.get(outcomeId) ?? []), studentId]);
  }
  const assignedAt = new Map(assigned.map((row) => [row.passageId, row.assignedAt]));
  const builders = await skillBuildersFor(db, [...weakStudents.keys()], [...assignedAt.keys()]);
  const assignedCodes = builders
    .filter((builder) => assignedAt.has(builder.passageId))
    .flatMap((builder) => builder.codes);
  const outcomes = await db
    .select({ id: learningOutcomes.id, code: learningOutcomes.code, name: learningOutcomes.name })
    .from(learningOutcomes)
    .where(
      or(
        inArray(learningOutcomes.id, [...weakStudents.keys()]),
        inArray(learningOutcomes.code, assignedCodes),
      ),
    );
  const use = await classUse(
    db,
    classId,
    builders.map((builder) => builder.passageId),
  );

  const learningOutcomeViews = outcomes.map((outcome) => {
    const below = weakStudents.get(outcome.id) ?? [];
    const skillBuilders = builders
      .filter((builder) => builder.codes.includes(outcome.code))
      .map((builder) => {
        const totals = use.totals.get(builder.passageId);
        return {
          passage_id: builder.passageId,
          title: builder.title,
          builder_type_id: BuilderType.SkillBuilder,
          series_id: builder.seriesId,
          colour_band_id: builder.colourBandId,
          students_started: totals?.started ?? 0,
          students_completed: totals?.completed ?? 0,
          average_score_percent: totals?.averageScore ?? null,
          suggested_for: below.filter((student) => !use.hasStarted.has(`${student}:${builder.passageId}`))
            .length,
          assigned_at: assignedAt.get(builder.passageId)?.toISOString() ?? null,
        };
      })
      .sort(
        (a, b) =>
          b.suggested_for - a.suggested_for ||
          a.colour_band_id - b.colour_band_id ||
          a.title.localeCompare(b.title),
      );
    return {
      learning_outcome_id: outcome.id,
      code: outcome.code,
      name: outcome.name,
      students_below: below.length,
      skill_builders: skillBuilders,
    };
  });
  return {
    class_id: classId,
    student_count: enrolled?.students ?? 0,
    below_percent: BELOW,
    learning_outcomes: learningOutcomeViews
      .filter(
        (outcome) =>
          outcome.students_below > 0 || outcome.skill_builders.some((builder) => builder.assigned_at),
      )
      .sort((a, b) => b.students_below - a.students_below || a.code.localeCompare(b.code)),
  };
}
