/**
 * The one place that turns an actor into what they may see (PRODUCT.md §2), as SQL conditions every list and
 * lookup query uses. Nothing is fetched wide and filtered in code.
 */
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { classTeachers, classes, enrolments, schools, students } from '../../db/schema/index.js';
import type { Actor } from '../../http/route.js';

/** Condition on `students`: the students the actor may see. */
export function visibleStudents(db: Executor, actor: Actor): SQL {
  switch (actor.role) {
    case 'student':
      return eq(students.userId, actor.userId);
    case 'teacher':
      return inArray(
        students.userId,
        db
          .select({ id: enrolments.studentId })
          .from(enrolments)
          .innerJoin(classTeachers, eq(classTeachers.classId, enrolments.classId))
          .where(eq(classTeachers.teacherId, actor.userId)),
      );
    case 'owner':
      return eq(students.schoolId, actor.schoolId ?? -1);
    case 'department_head':
      return eq(students.districtId, actor.districtId);
  }
}

/** Condition on `classes`: the classes the actor may see. */
export function visibleClasses(db: Executor, actor: Actor): SQL {
  switch (actor.role) {
    case 'student':
      return inArray(
        classes.id,
        db.select({ id: enrolments.classId }).from(enrolments).where(eq(enrolments.studentId, actor.userId)),
      );
    case 'teacher':
      return inArray(
        classes.id,
        db
          .select({ id: classTeachers.classId })
          .from(classTeachers)
          .where(eq(classTeachers.teacherId, actor.userId)),
      );
    case 'owner':
      return eq(classes.schoolId, actor.schoolId ?? -1);
    case 'department_head':
      return eq(classes.districtId, actor.districtId);
  }
}

/** Condition on `schools`: a department head sees the district's schools, everyone else their own. */
export function visibleSchools(actor: Actor): SQL {
  return actor.role === 'department_head'
    ? eq(schools.districtId, actor.districtId)
    : eq(schools.id, actor.schoolId ?? -1);
}
