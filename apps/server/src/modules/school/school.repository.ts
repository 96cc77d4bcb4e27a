/** Queries on schools and their staff; scope arrives as SQL conditions. */
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { classTeachers, classes, schools, students, users } from '../../db/schema/index.js';

const countOf = (from: SQL) => sql<number>`(select count(*)::int ${from})`;

export function listSchools(db: Executor, where: SQL) {
  return db
    .select({
      id: schools.id,
      name: schools.name,
      districtId: schools.districtId,
      studentCount: countOf(sql`from ${students} where ${students.schoolId} = ${schools.id}`),
      teacherCount: countOf(
        sql`from ${users} where ${users.schoolId} = ${schools.id} and ${users.role} = 'teacher'`,
      ),
      classCount: countOf(sql`from ${classes} where ${classes.schoolId} = ${schools.id}`),
    })
    .from(schools)
    .where(where)
    .orderBy(asc(schools.name), asc(schools.id));
}

/** Staff with the classes they teach, by last then first name. */
export function listStaff(db: Executor, where: SQL) {
  const taught = sql<number[]>`coalesce(
    (select array_agg(${classTeachers.classId} order by ${classTeachers.classId}) from ${classTeachers}
      where ${classTeachers.teacherId} = ${users.id}), '{}')`;
  return db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      schoolId: users.schoolId,
      classIds: taught,
      profilePicKey: users.profilePicKey,
    })
    .from(users)
    .where(where)
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id));
}

export const onSchool = (schoolId: number) => eq(users.schoolId, schoolId);
