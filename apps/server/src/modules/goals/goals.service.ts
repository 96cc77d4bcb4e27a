/**
 * Reading goals (docs/rules.md G1–G3): a class's default and students' own, set by staff in scope (G1, G2), and the
 * AchieveGoal alerts raised in the transaction of the work that reaches one (RA9, G3). Reports read where a student
 * stands against their goal (P9); recordings ask here whether a confirmed reading reached it.
 */
import { and } from 'drizzle-orm';
import { AlertType, type contracts, type Goal as GoalBody } from '@readalong/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { Executor } from '../../db/database.js';
import type { Actor } from '../../domain/actor.js';
import { invalidFields, notFound } from '../../domain/errors.js';
import { requireVisibleClass, requireVisibleStudent } from '../access/in-scope.js';
import { visibleStudents } from '../access/scope.js';
import { enrolledIn } from '../classes/class-conditions.js';
import {
  createProgressionService,
  findReader,
  hasAlert,
  type ProgressionService,
} from '../progression/progression.service.js';
import { studentSummaries } from '../students/student-summary.js';
import * as repo from './goals.repository.js';

export { goalOf, goalsOfStudents, type Goal } from './goals.repository.js';

type GoalInput = z.output<typeof GoalBody> | null;
type Settings = z.output<typeof contracts.updateGoalSettings.body>['settings'];
type Kind = 'lexile' | 'wpm' | 'wcpm';

const TARGETS = {
  lexile: { target: 'targetLexile', achieved: 'achievedLexileAt', alert: AlertType.AchieveGoalLexile },
  wpm: { target: 'targetWpm', achieved: 'achievedWpmAt', alert: AlertType.AchieveGoalWPM },
  wcpm: { target: 'targetWcpm', achieved: 'achievedWcpmAt', alert: AlertType.AchieveGoalWCPM },
} as const;

export function goalView(goal: repo.Goal | undefined): z.output<typeof GoalBody> | null {
  if (!goal) return null;
  return {
    target_lexile: goal.targetLexile,
    target_wpm: goal.targetWpm,
    target_wcpm: goal.targetWcpm,
    target_date: goal.targetDate,
  };
}

const targetsOf = (goal: NonNullable<GoalInput>): repo.GoalTargets => ({
  targetLexile: goal.target_lexile ?? null,
  targetWpm: goal.target_wpm ?? null,
  targetWcpm: goal.target_wcpm ?? null,
  targetDate: goal.target_date ?? null,
});

/**
 * A changed target is a new goal to reach: its achieved time is cleared and, as the alert's key is the goal and its
 * target, reaching it raises again (RA9). An unchanged target keeps both.
 */
function changedAchievements(old: repo.Goal, next: repo.GoalTargets) {
  const cleared: Partial<Record<(typeof TARGETS)[Kind]['achieved'], null>> = {};
  for (const { target, achieved } of Object.values(TARGETS)) {
    if (old[target] !== next[target]) cleared[achieved] = null;
  }
  return cleared;
}

export type GoalsService = ReturnType<typeof createGoalsService>;

export function createGoalsService(
  deps: Deps,
  progression: ProgressionService = createProgressionService(deps),
) {
  const { db, clock } = deps;

  /**
   * Sets (or with null clears) one goal, replacing all its targets (G2). Setting a goal raises nothing by itself:
   * only work that reaches it does (G3).
   */
  async function save(tx: Executor, actor: Actor, owner: repo.GoalOwner, schoolId: number, goal: GoalInput) {
    await repo.lockOwner(tx, owner);
    if (goal === null) return repo.deleteGoal(tx, owner);
    const targets = targetsOf(goal);
    const old = await repo.findGoal(tx, owner);
    if (old)
      return repo.updateGoal(tx, old.id, {
        ...targets,
        ...changedAchievements(old, targets),
        setBy: actor.userId,
      });
    await repo.insertGoal(tx, {
      ...owner,
      ...targets,
      schoolId,
      setBy: actor.userId,
      createdAt: clock.now(),
    });
  }

  async function settingsOf(tx: Executor, actor: Actor, classId: number) {
    const enrolled = await studentSummaries(
      { db: tx, storage: deps.storage },
      and(enrolledIn(tx, classId), visibleStudents(tx, actor))!,
    );
    const own = new Map(
      (
        await repo.ownGoalsOf(
          tx,
          enrolled.map((s) => s.student_id),
        )
      ).map((g) => [g.studentId, g]),
    );
    return {
      class_goal: goalView(await repo.findGoal(tx, { classId })),
      goal_settings: enrolled.map((s) => ({
        student_id: s.student_id,
        profile_pic_url: s.profile_pic_url,
        name: s.name,
        colour_band_id: s.colour_band_id,
        series: s.series,
        goal: goalView(own.get(s.student_id)),
      })),
    };
  }

  /**
   * The students a settings change names must be in scope (else 404) and enrolled in the class (else 400 on their
   * row), each named once (G2).
   */
  async function checkClassStudents(
    tx: Executor,
    actor: Actor,
    classId: number,
    rows: { student_id: number }[],
  ) {
    const ids = rows.map((row) => row.student_id);
    const inScope = new Set(await repo.studentsAmong(tx, ids, visibleStudents(tx, actor)));
    if (ids.some((id) => !inScope.has(id))) throw notFound('student');
    const enrolled = new Set(await repo.studentsAmong(tx, ids, enrolledIn(tx, classId)));
    const problems: Record<string, string> = {};
    ids.forEach((id, i) => {
      const field = `body.settings.students.${i}.student_id`;
      if (!enrolled.has(id)) problems[field] = `student ${id} is not in this class`;
      else if (ids.indexOf(id) !== i) problems[field] = `student ${id} is named twice`;
    });
    if (Object.keys(problems).length) throw invalidFields(problems);
  }

  return {
    goalOf: repo.goalOf,

    /** A class's default goal and its students' own (G1). */
    async settings(actor: Actor, classId: number) {
      await requireVisibleClass(db, actor, classId);
      return settingsOf(db, actor, classId);
    },

    /** Changes the class default and/or students' own goals, all or none (G2). */
    async updateSettings(actor: Actor, classId: number, settings: Settings) {
      return db.transaction(async (tx) => {
        const klass = await requireVisibleClass(tx, actor, classId);
        const rows = settings.students ?? [];
        await checkClassStudents(tx, actor, classId, rows);
        if (settings.class_goal !== undefined) {
          await save(tx, actor, { classId }, klass.schoolId, settings.class_goal);
        }
        for (const row of rows)
          await save(tx, actor, { studentId: row.student_id }, klass.schoolId, row.goal);
        return settingsOf(tx, actor, classId);
      });
    },

    /** Sets or clears one student's own goal (G2). */
    async setStudentGoal(actor: Actor, studentId: number, goal: GoalInput) {
      return db.transaction(async (tx) => {
        await requireVisibleStudent(tx, actor, studentId);
        await save(tx, actor, { studentId }, await repo.schoolOfStudent(tx, studentId), goal);
        return { student_id: studentId, goal: goalView(await repo.findGoal(tx, { studentId })) };
      });
    },

    /**
     * Raises the AchieveGoal alert of each target the work reached, in the work's transaction, once per goal and
     * target (RA9, G3); the student's own goal records when.
     */
    async checkGoals(
      tx: Executor,
      studentId: number,
      reached: Partial<Record<Kind, number | null>>,
      about: { worksheetId?: number | null; details?: Record<string, unknown> } = {},
    ) {
      const goal = await repo.goalOf(tx, studentId);
      if (!goal) return;
      for (const kind of Object.keys(reached) as Kind[]) {
        const value = reached[kind];
        const { target: column, achieved, alert } = TARGETS[kind];
        const target = goal[column];
        if (target === null || value === null || value === undefined || value < target) continue;
        if (await hasAlert(tx, studentId, alert, { goal_id: goal.id, target })) continue;
        const reader = await findReader(tx, studentId);
        if (!reader) return;
        await progression.raise(tx, reader, alert, {
          worksheetId: about.worksheetId ?? null,
          details: { goal_id: goal.id, target, [kind]: value, ...about.details },
        });
        if (goal.studentId === studentId) await repo.markAchieved(tx, goal.id, achieved, clock.now());
      }
    },
  };
}
