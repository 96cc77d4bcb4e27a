/**
 * The one place that turns an actor into what they may see (docs/rules.md A3), as SQL conditions
 * every list and lookup query uses: one helper per kind of record. Nothing is fetched wide and filtered in code,
 * and no other file builds such a condition (scope.test.ts checks each helper role by role).
 */
import {
  and,
  eq,
  exists,
  inArray,
  isNull,
  ne,
  notExists,
  or,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import {
  alerts,
  assignmentStudents,
  assignments,
  classTeachers,
  classes,
  enrolments,
  notifications,
  recordings,
  schools,
  students,
  users,
  worksheets,
} from '../../db/schema/index.js';
import type { Actor } from '../../domain/actor.js';

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

/**
 * Condition on `users`: the staff the actor may see: a department head the district's (heads, owners, teachers),
 * everyone else their own school's owners and teachers (M6).
 */
export function visibleStaff(actor: Actor): SQL {
  const place =
    actor.role === 'department_head'
      ? eq(users.districtId, actor.districtId)
      : eq(users.schoolId, actor.schoolId ?? -1);
  return and(ne(users.role, 'student'), place)!;
}

/**
 * A department head's picked school (docs/rules.md A8, C28; `schoolInScope` has checked it is of their district): the
 * conditions that narrow students, classes, staff or alerts to it. None for other roles, whose scope is already one school
 * or a teacher's classes, nor when no school is picked (the whole district).
 */
const picksSchool = (actor: Actor, schoolId: number | undefined): schoolId is number =>
  actor.role === 'department_head' && schoolId !== undefined;

/** Condition on `students`: those of the department head's picked school (none: no narrowing). */
export function studentsOfPickedSchool(actor: Actor, schoolId: number | undefined): SQL | undefined {
  return picksSchool(actor, schoolId) ? eq(students.schoolId, schoolId) : undefined;
}

/** Condition on `classes`: those of the department head's picked school (none: no narrowing). */
export function classesOfPickedSchool(actor: Actor, schoolId: number | undefined): SQL | undefined {
  return picksSchool(actor, schoolId) ? eq(classes.schoolId, schoolId) : undefined;
}

/** Condition on `users`: the staff of the department head's picked school (none: no narrowing). */
export function staffOfPickedSchool(actor: Actor, schoolId: number | undefined): SQL | undefined {
  return picksSchool(actor, schoolId) ? eq(users.schoolId, schoolId) : undefined;
}

/**
 * When the actor's students are whole schools, those schools as a condition on a school-id column (the rollups kept
 * per school, IN3, IN5): an owner's school, a department head's picked school or else their district's. None for a
 * teacher, whose students are their classes'.
 */
export function wholeSchoolsInScope(
  db: Executor,
  actor: Actor,
  schoolId: number | undefined,
): ((column: AnyColumn) => SQL) | undefined {
  if (actor.role === 'owner') return (column) => eq(column, actor.schoolId ?? -1);
  if (actor.role !== 'department_head') return undefined;
  if (schoolId !== undefined) return (column) => eq(column, schoolId);
  const ofDistrict = db
    .select({ id: schools.id })
    .from(schools)
    .where(eq(schools.districtId, actor.districtId));
  return (column) => inArray(column, ofDistrict);
}

/** Condition on `alerts`: those of the students of the department head's picked school (none: no narrowing). */
export function alertsOfPickedSchool(
  db: Executor,
  actor: Actor,
  schoolId: number | undefined,
): SQL | undefined {
  if (!picksSchool(actor, schoolId)) return undefined;
  return inArray(
    alerts.studentId,
    db.select({ id: students.userId }).from(students).where(eq(students.schoolId, schoolId)),
  );
}

/** The students in the actor's scope, as a subquery of ids. */
const studentIdsInScope = (db: Executor, actor: Actor) =>
  db.select({ id: students.userId }).from(students).where(visibleStudents(db, actor));

/** Condition on `worksheets`: a student's own; staff those of the students in their scope. */
export function visibleWorksheets(db: Executor, actor: Actor): SQL {
  if (actor.role === 'student') return eq(worksheets.studentId, actor.userId);
  return inArray(worksheets.studentId, studentIdsInScope(db, actor));
}

/** Condition on `recordings`: a student's own; staff those of the students in their scope. */
export function visibleRecordings(db: Executor, actor: Actor): SQL {
  if (actor.role === 'student') return eq(recordings.studentId, actor.userId);
  return inArray(recordings.studentId, studentIdsInScope(db, actor));
}

/**
 * Condition on `alerts`: a student's own student-facing alerts (docs/rules.md P1); staff every alert of the
 * students in their scope.
 */
/** Condition on `alerts`: a student's own student-facing ones; the student may be a placeholder, for a prepared query. */
export const studentFacingAlertsOf = (studentId: number | Placeholder): SQL =>
  and(eq(alerts.studentId, studentId), eq(alerts.isStudentFacing, true))!;

export function visibleAlerts(db: Executor, actor: Actor): SQL {
  if (actor.role === 'student') return studentFacingAlertsOf(actor.userId);
  return inArray(alerts.studentId, studentIdsInScope(db, actor));
}

const liveAssignment = isNull(assignments.deletedAt);

/**
 * Condition on `assignments`: the live ones set for a student — for a class they are in, whole or by name. The
 * student may be a placeholder, for a prepared query, or a column, for every student an assignment reaches.
 */
export function assignedTo(db: Executor, studentId: number | Placeholder | AnyColumn): SQL {
  const enrolled = exists(
    db
      .select({ one: sql`1` })
      .from(enrolments)
      .where(and(eq(enrolments.classId, assignments.classId), eq(enrolments.studentId, studentId))),
  );
  const targets = (studentCondition?: SQL) =>
    db
      .select({ one: sql`1` })
      .from(assignmentStudents)
      .where(and(eq(assignmentStudents.assignmentId, assignments.id), studentCondition));
  const named = exists(targets(eq(assignmentStudents.studentId, studentId)));
  return and(liveAssignment, enrolled, or(notExists(targets()), named))!;
}

/**
 * Condition on `assignments`: a student the live ones set for them (assignedTo); staff the live ones of the
 * classes they may see.
 */
export function visibleAssignments(db: Executor, actor: Actor): SQL {
  if (actor.role === 'student') return assignedTo(db, actor.userId);
  return and(
    liveAssignment,
    inArray(
      assignments.classId,
      db.select({ id: classes.id }).from(classes).where(visibleClasses(db, actor)),
    ),
  )!;
}

/** Condition on `notifications`: each user reads only their own (docs/rules.md P12). */
export function visibleNotifications(actor: Actor): SQL {
  return eq(notifications.userId, actor.userId);
}
