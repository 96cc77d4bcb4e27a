/** Queries on schools and their staff; scope arrives as SQL conditions. */
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import {
  accountLocks,
  assignments,
  classTeachers,
  classes,
  goals,
  levelChanges,
  recordings,
  schools,
  students,
  users,
} from '../../db/schema/index.js';

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
      isDisabled: users.isDisabled,
    })
    .from(users)
    .where(where)
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id));
}

/** Of `usernames` (lower case), those taken already, whatever their case. */
export async function takenUsernames(db: Executor, usernames: string[]) {
  if (usernames.length === 0) return new Set<string>();
  const rows = await db
    .select({ username: sql<string>`lower(${users.username})` })
    .from(users)
    .where(inArray(sql`lower(${users.username})`, usernames));
  return new Set(rows.map((row) => row.username));
}

/** Inserts accounts, and a student's reading state for each student (no band yet: placement comes first). */
export async function insertAccounts(db: Executor, rows: (typeof users.$inferInsert)[]) {
  const made = await db.insert(users).values(rows).returning();
  const learners = made.filter((user) => user.role === 'student');
  if (learners.length) {
    await db
      .insert(students)
      .values(
        learners.map((user) => ({ userId: user.id, schoolId: user.schoolId!, districtId: user.districtId })),
      );
  }
  return made;
}

/** Of `classIds`, the classes of the school. */
export async function classesOfSchool(db: Executor, schoolId: number, classIds: number[]) {
  if (classIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), inArray(classes.id, classIds)));
  return new Set(rows.map((row) => row.id));
}

export async function teach(db: Executor, teacherId: number, classIds: number[]) {
  if (classIds.length) {
    await db.insert(classTeachers).values(classIds.map((classId) => ({ classId, teacherId })));
  }
}

/**
 * Deletes accounts with all that hangs off them (a student's work goes with them). What staff did to others stays
 * with the others: who locked an account, graded a recording, set a goal or moved a level is forgotten (null),
 * and a deleted teacher's assignments pass to `heirId`, so the students keep them.
 */
export async function deleteAccounts(db: Executor, userIds: number[], heirId: number) {
  await db.update(accountLocks).set({ lockedBy: null }).where(inArray(accountLocks.lockedBy, userIds));
  await db.update(recordings).set({ gradedBy: null }).where(inArray(recordings.gradedBy, userIds));
  await db.update(goals).set({ setBy: null }).where(inArray(goals.setBy, userIds));
  await db.update(levelChanges).set({ changedBy: null }).where(inArray(levelChanges.changedBy, userIds));
  await db.update(assignments).set({ teacherId: heirId }).where(inArray(assignments.teacherId, userIds));
  const deleted = await db.delete(users).where(inArray(users.id, userIds)).returning({ id: users.id });
  return deleted.length;
}

/** Of `userIds`, those `where` lets the caller reach. */
export async function reachableUsers(db: Executor, userIds: number[], where: SQL) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, userIds), where));
  return rows.map((row) => row.id);
}

/** The account `userId` when `where` lets the caller reach it, its row locked until the transaction ends (M10). */
export async function findReachableUser(db: Executor, userId: number, where: SQL) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), where))
    .for('update');
  return row;
}

/** Whether another account than `userId` signs in as `username`, whatever its case. */
export async function usernameTakenByOther(db: Executor, username: string, userId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.username})`, username.toLowerCase()), ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

export async function updateUser(db: Executor, userId: number, changes: Partial<typeof users.$inferInsert>) {
  const [row] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  return row!;
}
