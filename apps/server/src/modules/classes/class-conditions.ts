/** Conditions on enrolment that other modules' queries use (filters, not scope: scope is modules/access/). */
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { classes, enrolments, students } from '../../db/schema/index.js';

/** Condition on `students`: enrolled in the class. */
export const enrolledIn = (db: Executor, classId: number): SQL =>
  inArray(
    students.userId,
    db.select({ id: enrolments.studentId }).from(enrolments).where(eq(enrolments.classId, classId)),
  );

/** Condition on `classes`: those the student is enrolled in. */
export const classesOf = (db: Executor, studentId: number): SQL =>
  inArray(
    classes.id,
    db.select({ id: enrolments.classId }).from(enrolments).where(eq(enrolments.studentId, studentId)),
  );
