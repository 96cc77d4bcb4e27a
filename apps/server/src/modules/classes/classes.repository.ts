/** Queries on classes: each with its enrolment count and its teachers; scope arrives as SQL conditions. */
import { asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { classTeachers, classes, enrolments, users } from '../../db/schema/index.js';

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
