/** The reading goals staff set: a student's own, or their class's. */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { goals, students } from '../../db/schema/index.js';

export type Goal = typeof goals.$inferSelect;

/** The student's own goal, else their home class's (P9). */
export async function goalOf(db: Executor, studentId: number): Promise<Goal | undefined> {
  const [own] = await db.select().from(goals).where(eq(goals.studentId, studentId)).limit(1);
  if (own) return own;
  const [classGoal] = await db
    .select({ goal: goals })
    .from(students)
    .innerJoin(goals, eq(goals.classId, students.homeClassId))
    .where(eq(students.userId, studentId))
    .limit(1);
  return classGoal?.goal;
}
