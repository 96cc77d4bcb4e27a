/** Queries on classes (each with its enrolment count and its teachers) and enrolments; scope arrives as SQL conditions. */
import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { classTeachers, classes, enrolments, students, users } from '../../db/schema/index.js';

export async function listClasses(db: Executor, where: SQL) {
  const studentCount = db
    .select({ classId: enrolments.classId, n: count().as('n') })
    .from(enrolments)
    .groupBy(enrolments.classId)
    .as('student_count');
  const rows = await db
    .select({ klass: classes, studentCount: sql<number>`coalesce(${studentCount.n}, 0)::int` })
    .from(classes)
    .leftJoin(studentCount, eq(studentCount.classId, classes.id))
    .where(where)
    .orderBy(asc(classes.name), asc(classes.id));
  const ids = rows.map((row) => row.klass.id);
  const teachers = ids.length
    ? await db
        .select({
          classId: classTeachers.classId,
          id: users.id,
          first: users.firstName,
          last: users.lastName,
        })
        .from(classTeachers)
        .innerJoin(users, eq(users.id, classTeachers.teacherId))
        .where(inArray(classTeachers.classId, ids))
        .orderBy(asc(users.lastName), asc(users.firstName))
    : [];
  return rows.map((row) => ({
    ...row,
    teachers: teachers.filter((teacher) => teacher.classId === row.klass.id),
  }));
}
export type ClassRow = Awaited<ReturnType<typeof listClasses>>[number];

/** The class, locked until the transaction ends, so two enrolments at once cannot both take its last place. */
export async function lockClass(db: Executor, classId: number) {
  const [row] = await db.select().from(classes).where(eq(classes.id, classId)).for('update');
  return row;
}

export async function enrolledCount(db: Executor, classId: number) {
  const [row] = await db.select({ n: count() }).from(enrolments).where(eq(enrolments.classId, classId));
  return row!.n;
}

/** Of `userIds`, the enabled staff (teachers and owners) of the school. */
export async function staffOfSchool(db: Executor, schoolId: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, userIds),
        eq(users.schoolId, schoolId),
        inArray(users.role, ['teacher', 'owner']),
        eq(users.isDisabled, false),
      ),
    );
  return rows.map((row) => row.id);
}

export async function insertClasses(db: Executor, rows: (typeof classes.$inferInsert)[]) {
  return db.insert(classes).values(rows).returning({ id: classes.id });
}

export async function updateClass(
  db: Executor,
  classId: number,
  values: Partial<typeof classes.$inferInsert>,
) {
  await db.update(classes).set(values).where(eq(classes.id, classId));
}

export async function setTeachers(db: Executor, classId: number, teacherIds: number[]) {
  await db.delete(classTeachers).where(eq(classTeachers.classId, classId));
  if (teacherIds.length) {
    await db.insert(classTeachers).values(teacherIds.map((teacherId) => ({ classId, teacherId })));
  }
}

/** Of `studentIds`, those enrolled in the class. */
export async function enrolledOf(db: Executor, classId: number, studentIds: number[]) {
  const rows = await db
    .select({ id: enrolments.studentId })
    .from(enrolments)
    .where(and(eq(enrolments.classId, classId), inArray(enrolments.studentId, studentIds)));
  return rows.map((row) => row.id);
}

/** Of `studentIds`, those `where` lets the caller see, with their school. */
export async function reachableStudents(db: Executor, studentIds: number[], where: SQL) {
  const rows = await db
    .select({ id: students.userId, schoolId: students.schoolId })
    .from(students)
    .where(and(inArray(students.userId, studentIds), where));
  return new Map(rows.map((row) => [row.id, row.schoolId]));
}

export async function enrol(db: Executor, classId: number, schoolId: number, studentIds: number[]) {
  if (studentIds.length === 0) return;
  await db
    .insert(enrolments)
    .values(studentIds.map((studentId) => ({ classId, studentId, schoolId })))
    .onConflictDoNothing();
  // A student without a home class makes this one home.
  await db
    .update(students)
    .set({ homeClassId: classId })
    .where(and(inArray(students.userId, studentIds), isNull(students.homeClassId)));
}

/** Takes students out of a class; those whose home it was move home to another class of theirs, else to none. */
export async function unenrol(db: Executor, classId: number, studentIds: number[]) {
  if (studentIds.length === 0) return;
  await db
    .delete(enrolments)
    .where(and(eq(enrolments.classId, classId), inArray(enrolments.studentId, studentIds)));
  const otherClass = db
    .select({ id: sql<number>`min(${enrolments.classId})` })
    .from(enrolments)
    .where(eq(enrolments.studentId, students.userId));
  await db
    .update(students)
    .set({ homeClassId: sql`(${otherClass})` })
    .where(and(inArray(students.userId, studentIds), eq(students.homeClassId, classId)));
}
