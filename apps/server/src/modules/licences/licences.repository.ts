/** Queries on licence packs and the seats their school's students use. */
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { licencePacks, schools, students, users } from '../../db/schema/index.js';

export function packsOf(db: Executor, schoolId: number) {
  return db
    .select()
    .from(licencePacks)
    .where(eq(licencePacks.schoolId, schoolId))
    .orderBy(desc(licencePacks.startsOn), desc(licencePacks.id));
}
export type PackRow = Awaited<ReturnType<typeof packsOf>>[number];

/** Seats taken now (LP2): the school's students whose account is enabled. */
export async function seatsUsed(db: Executor, schoolId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(and(eq(students.schoolId, schoolId), eq(users.isDisabled, false)));
  return row!.n;
}

/** Locks the school's row until the transaction ends: seat checks of one school take turns (LP3). */
export async function lockSchool(db: Executor, schoolId: number) {
  await db.select({ id: schools.id }).from(schools).where(eq(schools.id, schoolId)).for('update');
}

/** Month by month from the first pack (at most 36 months back) to `today`'s month: seats sold and used (LP2). */
export async function monthlyUsage(db: Executor, schoolId: number, today: string) {
  const result = await db.execute<{ month: string; seats_total: number; seats_used: number }>(sql`
    with months as (
      select generate_series(
        greatest(date_trunc('month', min(${licencePacks.startsOn})), date_trunc('month', ${today}::date) - interval '35 months'),
        date_trunc('month', ${today}::date),
        interval '1 month'
      )::date as month
      from ${licencePacks} where ${licencePacks.schoolId} = ${schoolId}
    )
    select to_char(month, 'YYYY-MM') as month,
      (select coalesce(sum(${licencePacks.seats}), 0) from ${licencePacks}
        where ${licencePacks.schoolId} = ${schoolId}
          and ${licencePacks.startsOn} < month + interval '1 month' and ${licencePacks.endsOn} >= month)::int as seats_total,
      (select count(*) from ${students} join ${users} on ${users.id} = ${students.userId}
        where ${students.schoolId} = ${schoolId} and not ${users.isDisabled}
          and ${students.createdAt} < month + interval '1 month')::int as seats_used
    from months order by month`);
  return result.rows;
}

/**
 * Marks the packs ending between `today` and `until` not yet announced, and answers them (LP4). One update: a
 * pack is claimed by exactly one caller, however many servers sweep at once.
 */
export function claimEndingPacks(db: Executor, today: string, until: string, now: Date) {
  return db
    .update(licencePacks)
    .set({ endingNoticeAt: now })
    .where(
      and(
        isNull(licencePacks.endingNoticeAt),
        gte(licencePacks.endsOn, today),
        lte(licencePacks.endsOn, until),
      ),
    )
    .returning();
}

/** Who hears of a pack ending: the school's owners and its district's department heads, enabled. */
export function ownersAndHeads(db: Executor, schoolId: number) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.isDisabled, false),
        or(
          and(eq(users.role, 'owner'), eq(users.schoolId, schoolId)),
          and(
            eq(users.role, 'department_head'),
            inArray(
              users.districtId,
              db.select({ id: schools.districtId }).from(schools).where(eq(schools.id, schoolId)),
            ),
          ),
        ),
      ),
    )
    .orderBy(asc(users.id));
}

export async function schoolName(db: Executor, schoolId: number) {
  const [row] = await db.select({ name: schools.name }).from(schools).where(eq(schools.id, schoolId));
  return row?.name ?? '';
}

export async function insertPack(db: Executor, values: typeof licencePacks.$inferInsert) {
  const [row] = await db.insert(licencePacks).values(values).returning();
  return row!;
}
