/** A student, class or school named in a request must be in the caller's scope: else 404, as if it did not exist. */
import { and, eq } from 'drizzle-orm';
import { hasRows, type Executor } from '../../db/database.js';
import { classes, schools, students } from '../../db/schema/index.js';
import type { Actor } from '../../domain/actor.js';
import { invalidField, notFound } from '../../domain/errors.js';
import { visibleClasses, visibleSchools, visibleStudents } from './scope.js';

export async function requireVisibleStudent(db: Executor, actor: Actor, studentId: number) {
  const [row] = await db
    .select({ userId: students.userId })
    .from(students)
    .where(and(eq(students.userId, studentId), visibleStudents(db, actor)));
  if (!row) throw notFound('student');
  return row;
}

/**
 * The student a report is about (docs/rules.md P14): a student's own when none is named; staff must name one. A
 * named student out of the caller's scope (for a student: anyone but themselves) is 404.
 */
export async function reportStudentId(db: Executor, actor: Actor, studentId: number | undefined) {
  if (studentId === undefined) {
    if (actor.role === 'student') return actor.userId;
    throw invalidField('query.student_id', 'name the student whose report you want');
  }
  return (await requireVisibleStudent(db, actor, studentId)).userId;
}

export async function requireVisibleClass(db: Executor, actor: Actor, classId: number) {
  const [row] = await db
    .select({ id: classes.id, schoolId: classes.schoolId, name: classes.name })
    .from(classes)
    .where(and(eq(classes.id, classId), visibleClasses(db, actor)));
  if (!row) throw notFound('class');
  return row;
}

/**
 * The school a call is about (A5): a department head's `school_id` must be a school of their district (else 404)
 * and may be left out (undefined: the whole district); everyone else is held to their own school, whatever they send.
 */
export async function schoolInScope(db: Executor, actor: Actor, schoolId: number | undefined) {
  if (actor.role !== 'department_head') return actor.schoolId ?? undefined;
  if (schoolId === undefined) return undefined;
  if (!(await hasRows(db, schools, and(eq(schools.id, schoolId), visibleSchools(actor))))) {
    throw notFound('school');
  }
  return schoolId;
}
