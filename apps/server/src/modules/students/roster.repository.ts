/** Queries on the roster: students as lists show them, found by name and paged; scope arrives as SQL conditions. */
import { asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { students, users } from '../../db/schema/index.js';
import { lastActiveOf } from '../reports/report-conditions.js';

const summaryColumns = {
  userId: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  profilePicKey: users.profilePicKey,
  // FG3: the latest sign-in or reading activity, the one definition of last active.
  lastActiveAt: sql`${lastActiveOf(students.userId)}`.mapWith(users.lastActiveAt),
  isDisabled: users.isDisabled,
  homeClassId: students.homeClassId,
  colourBandId: students.colourBandId,
  seriesId: students.seriesId,
};

export async function listStudentSummaries(
  db: Executor,
  where: SQL,
  page?: { limit: number; offset: number },
) {
  const query = db
    .select(summaryColumns)
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(where)
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}
export type StudentSummaryRow = Awaited<ReturnType<typeof listStudentSummaries>>[number];

export async function countStudents(db: Executor, where: SQL) {
  const [row] = await db
    .select({ n: count() })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(where);
  return row!.n;
}

/** Part of a first name, last name, "first last" or username, ignoring case; `%` and `_` are taken literally. */
export function nameMatches(search: string): SQL {
  const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return or(
    ilike(users.firstName, pattern),
    ilike(users.lastName, pattern),
    ilike(users.username, pattern),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
  )!;
}
