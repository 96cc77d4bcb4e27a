/** A student or class named in a request must be in the caller's scope: else 404, as if it did not exist. */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { classes } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import type { Actor } from '../../http/route.js';
import { visibleClasses, visibleStudents } from '../access/scope.js';
import { findVisibleStudent } from '../students/students.repository.js';

export async function requireVisibleStudent(db: Executor, actor: Actor, studentId: number) {
  if (!(await findVisibleStudent(db, studentId, visibleStudents(db, actor)))) throw notFound('student');
}

export async function requireVisibleClass(db: Executor, actor: Actor, classId: number) {
  const [row] = await db
    .select({ id: classes.id, schoolId: classes.schoolId })
    .from(classes)
    .where(and(eq(classes.id, classId), visibleClasses(db, actor)));
  if (!row) throw notFound('class');
  return row;
}
