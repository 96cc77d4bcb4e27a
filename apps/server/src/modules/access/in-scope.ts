/** A student or class named in a request must be in the caller's scope: else 404, as if it did not exist. */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { classes, students } from '../../db/schema/index.js';
import type { Actor } from '../../domain/actor.js';
import { notFound } from '../../domain/errors.js';
import { visibleClasses, visibleStudents } from './scope.js';

export async function requireVisibleStudent(db: Executor, actor: Actor, studentId: number) {
  const [row] = await db
    .select({ userId: students.userId })
    .from(students)
    .where(and(eq(students.userId, studentId), visibleStudents(db, actor)));
  if (!row) throw notFound('student');
  return row;
}

export async function requireVisibleClass(db: Executor, actor: Actor, classId: number) {
  const [row] = await db
    .select({ id: classes.id, schoolId: classes.schoolId })
    .from(classes)
    .where(and(eq(classes.id, classId), visibleClasses(db, actor)));
  if (!row) throw notFound('class');
  return row;
}
