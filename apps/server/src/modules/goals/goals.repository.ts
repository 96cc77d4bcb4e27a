/** The reading goals staff set: a student's own, or their class's (G1). */
import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { classes, goals, students } from '../../db/schema/index.js';

export type Goal = typeof goals.$inferSelect;
/** Whose goal: one student's own, or a class's default. */
export type GoalOwner = { studentId: number } | { classId: number };
export type GoalTargets = Pick<Goal, 'targetLexile' | 'targetWpm' | 'targetWcpm' | 'targetDate'>;

const ownedBy = (owner: GoalOwner) =>
  'studentId' in owner
    ? eq(goals.studentId, owner.studentId)
    : and(eq(goals.classId, owner.classId), isNull(goals.studentId));

/**
 * Each of the students `where` (a condition on `students`) names that has a goal, with it: their own, else their
 * home class's (P9, G1). One query for any number of students.
 */
export function goalsOfStudents(db: Executor, where: SQL) {
  return db
    .selectDistinctOn([students.userId], { studentId: students.userId, goal: goals })
    .from(students)
    .innerJoin(
      goals,
      or(
        eq(goals.studentId, students.userId),
        and(eq(goals.classId, students.homeClassId), isNull(goals.studentId)),
      ),
    )
    .where(where)
    .orderBy(asc(students.userId), sql`${goals.studentId} is null`, asc(goals.id));
}

/** The student's own goal, else their home class's (P9, G1). */
export async function goalOf(db: Executor, studentId: number): Promise<Goal | undefined> {
  const [row] = await goalsOfStudents(db, eq(students.userId, studentId));
  return row?.goal;
}

export async function findGoal(db: Executor, owner: GoalOwner): Promise<Goal | undefined> {
  const [row] = await db.select().from(goals).where(ownedBy(owner)).limit(1);
  return row;
}

/** Which of the students `where` (a condition on `students`) holds. */
export async function studentsAmong(db: Executor, ids: number[], where: SQL) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: students.userId })
    .from(students)
    .where(and(inArray(students.userId, ids), where));
  return rows.map((row) => row.id);
}

export async function schoolOfStudent(db: Executor, studentId: number) {
  const [row] = await db
    .select({ schoolId: students.schoolId })
    .from(students)
    .where(eq(students.userId, studentId));
  return row!.schoolId;
}

/** The students' own goals. */
export function ownGoalsOf(db: Executor, studentIds: number[]) {
  if (studentIds.length === 0) return Promise.resolve([]);
  return db.select().from(goals).where(inArray(goals.studentId, studentIds));
}

/**
 * Holds the goal's owner (the student's or the class's row) until the transaction ends, so two saves of the same
 * goal at once cannot both insert one (the table has no unique key on its owner).
 */
export async function lockOwner(tx: Executor, owner: GoalOwner) {
  if ('studentId' in owner) {
    await tx
      .select({ id: students.userId })
      .from(students)
      .where(eq(students.userId, owner.studentId))
      .for('update');
  } else {
    await tx.select({ id: classes.id }).from(classes).where(eq(classes.id, owner.classId)).for('update');
  }
}

export async function insertGoal(tx: Executor, values: typeof goals.$inferInsert) {
  await tx.insert(goals).values(values);
}

export async function updateGoal(tx: Executor, id: number, values: Partial<typeof goals.$inferInsert>) {
  await tx.update(goals).set(values).where(eq(goals.id, id));
}

export async function deleteGoal(tx: Executor, owner: GoalOwner) {
  await tx.delete(goals).where(ownedBy(owner));
}

/** Records when the student's own goal's target was first reached (RA9). */
export async function markAchieved(
  tx: Executor,
  id: number,
  column: 'achievedLexileAt' | 'achievedWpmAt' | 'achievedWcpmAt',
  at: Date,
) {
  await tx
    .update(goals)
    .set({ [column]: at })
    .where(and(eq(goals.id, id), isNull(goals[column])));
}
