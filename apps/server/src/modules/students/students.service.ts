/**
 * The student's own reading state, and what staff do to a student's level: placement by hand and reset
 * (R17–R20). Level changes themselves are modules/progression.
 */
import type { contracts } from '@readalong/contracts';
import { BuilderType, PROGRESSION, SERIES, SERIES_PROGRESSION, type Body } from '@readalong/contracts';
import type { Deps } from '../../deps.js';
import type { Executor } from '../../db/database.js';
import { invalidField, notFound } from '../../domain/errors.js';
import type { Actor } from '../../domain/actor.js';
import { visibleStudents } from '../access/scope.js';
import { findStudent } from '../auth/auth.service.js';
import { bandsOf } from '../progression/level-rules.js';
import {
  createProgressionService,
  findReader,
  placementTestOf,
  type ProgressionService,
  type Reader,
} from '../progression/progression.service.js';
import { findPassage, targetsAnyOf } from '../reading/reading.service.js';
import { createGoalsService } from '../goals/goals.service.js';
import { currentLexileOf } from '../reports/reports.service.js';
import * as repo from './students.repository.js';

/** BR: the series every child can start from. */
const FIRST_SERIES = SERIES_PROGRESSION[0];

const levelView = (reader: Reader) => ({
  student_id: reader.userId,
  series_id: reader.seriesId,
  colour_band_id: reader.colourBandId,
  placement_test_id: reader.placementTestId,
});

/** Condition on `users`: a name or username holding the search text (M5), for other modules' searches. */
export { nameMatches } from './roster.repository.js';

export function createStudentsService(
  deps: Deps,
  progression: ProgressionService = createProgressionService(deps),
) {
  const { db } = deps;
  const goals = createGoalsService(deps, progression);
  /** The student, locked for the change, when the actor may see them (else 404). */
  async function studentInScope(tx: Executor, actor: Actor, studentId: number): Promise<Reader> {
    const visible = await repo.findVisibleStudent(tx, studentId, visibleStudents(tx, actor));
    const reader = visible ? await findReader(tx, studentId, { lock: true }) : undefined;
    if (!reader) throw notFound('student');
    return reader;
  }

  /** A student's skill or rate builders: started or done, assigned, and (skill builders) suggested. */
  async function builders(actor: Actor, studentId: number, builderTypeId: number) {
    if (!(await repo.findVisibleStudent(db, studentId, visibleStudents(db, actor))))
      throw notFound('student');
    const isRate = builderTypeId === BuilderType.RateBuilder;
    const started = await repo.builderWorksheets(db, studentId, builderTypeId);
    const assigned = await repo.assignedNotStarted(db, studentId, builderTypeId);
    const weak =
      builderTypeId === BuilderType.SkillBuilder
        ? await repo.weakOutcomeCodes(db, studentId, PROGRESSION.skillBuilderBelowPercent)
        : [];
    const listed = new Set([...started, ...assigned].map((row) => row.passageId));
    const suggested = weak.length
      ? (await repo.skillBuildersFor(db, studentId, builderTypeId, targetsAnyOf(weak))).filter(
          (row) => !listed.has(row.passageId),
        )
      : [];
    const none = { worksheetId: null, assignedAt: null, completedAt: null, scorePercent: null, wpm: null };
    return [
      ...started.sort((a, b) => b.worksheetId - a.worksheetId),
      ...assigned.map((row) => ({ ...none, ...row })),
      ...suggested.map((row) => ({ ...none, ...row })),
    ].map((row) => ({
      passage_id: row.passageId,
      title: row.title,
      builder_type_id: builderTypeId,
      worksheet_id: row.worksheetId,
      assigned_at: row.assignedAt?.toISOString() ?? null,
      completed_at: row.completedAt?.toISOString() ?? null,
      score_percent: row.scorePercent,
      wpm: isRate ? row.wpm : null,
    }));
  }

  return {
    async userDetails(actor: Actor) {
      const student = await findStudent(db, actor.userId);
      if (!student) throw notFound('student');
      return {
        colour_band_id: student.colourBandId,
        series_id: student.seriesId,
        coins: student.coins,
        read_aloud_enabled: student.readAloudEnabled,
        narration_enabled: student.narrationEnabled,
        class_id: student.homeClassId,
        placement_test_id: student.placementTestId,
      };
    },

    /** The test set for the student, else their series' test, else BR's. */
    async placementTest(actor: Actor) {
      const reader = await findReader(db, actor.userId);
      if (!reader) throw notFound('student');
      const set = reader.placementTestId ? await findPassage(db, reader.placementTestId) : undefined;
      const test =
        (set && { id: set.id, seriesId: set.seriesId }) ??
        (reader.seriesId !== null ? await placementTestOf(db, reader.seriesId) : undefined) ??
        (await placementTestOf(db, FIRST_SERIES));
      if (!test) throw notFound('placement test');
      return { passage_id: test.id, series_id: test.seriesId };
    },

    async resetStudent(actor: Actor, studentId: number, startingPoint: number) {
      return db.transaction(async (tx) => {
        const reader = await studentInScope(tx, actor, studentId);
        const test = await placementTestOf(tx, startingPoint);
        if (!test) throw invalidField('body.starting_point', 'this series has no placement test yet');
        await progression.changeLevel(
          tx,
          reader,
          { rule: 'reset', seriesId: startingPoint, placementTestId: test.id },
          actor.userId,
        );
        return levelView(reader);
      });
    },

    async placeStudent(actor: Actor, studentId: number, body: Body<typeof contracts.placeStudent>) {
      return db.transaction(async (tx) => {
        const reader = await studentInScope(tx, actor, studentId);
        const { first, last } = bandsOf(body.series_id);
        if (body.colour_band_id < first || body.colour_band_id > last) {
          const series = SERIES.find((candidate) => candidate.id === body.series_id)!.name;
          throw invalidField('body.colour_band_id', `series ${series} covers bands ${first}–${last}`);
        }
        await progression.changeLevel(
          tx,
          reader,
          {
            rule: 'manual_placement',
            to: { seriesId: body.series_id, colourBandId: body.colour_band_id },
            reason: body.reason,
          },
          actor.userId,
        );
        // A band set by hand moves the estimated Lexile too: it may reach the student's goal (G3).
        await goals.checkGoals(tx, studentId, { lexile: await currentLexileOf(tx, studentId) });
        return levelView(reader);
      });
    },

    skillBuilders: async (actor: Actor, studentId: number) => ({
      skill_builders: await builders(actor, studentId, BuilderType.SkillBuilder),
    }),
    rateBuilders: async (actor: Actor, studentId: number) => ({
      rate_builders: await builders(actor, studentId, BuilderType.RateBuilder),
    }),
  };
}
