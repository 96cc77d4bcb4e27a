/** Queries for a student's level, its history, alerts and coins (R11–R16). */
import { and, asc, eq, isNotNull, lt, sql, type Placeholder } from 'drizzle-orm';
import { BuilderType } from '@readalong/contracts';
import { hasRows, preparedQuery, type Executor } from '../../db/database.js';
import {
  alerts,
  coinTransactions,
  levelChanges,
  passages,
  schools,
  students,
  users,
  worksheets,
} from '../../db/schema/index.js';
import type { BandResult, Level } from './level-rules.js';

/** A student as the reading rules need them: level, school settings and when the account was made. */
const readerQuery = (db: Executor, userId: number | Placeholder) =>
  db
    .select({
      userId: students.userId,
      schoolId: students.schoolId,
      districtId: students.districtId,
      homeClassId: students.homeClassId,
      seriesId: students.seriesId,
      colourBandId: students.colourBandId,
      placementTestId: students.placementTestId,
      readAloudEnabled: students.readAloudEnabled,
      accountCreatedAt: users.createdAt,
      booksToLevelUp: schools.booksToLevelUp,
    })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .innerJoin(schools, eq(schools.id, students.schoolId))
    .where(eq(students.userId, userId));

/** Without the lock, as every student page's reads ask for it: prepared, built once. */
const readerToRead = preparedQuery((db) => readerQuery(db, sql.placeholder('userId')).prepare('find_reader'));

export async function findReader(db: Executor, userId: number, options: { lock?: boolean } = {}) {
  // Locking the student's row serialises one student's submissions: levels and coins move one event at a time.
  const [row] = options.lock
    ? await readerQuery(db, userId).for('update', { of: students })
    : await readerToRead(db).execute({ userId });
  return row;
}
export type Reader = NonNullable<Awaited<ReturnType<typeof findReader>>>;

/** The reader's level, or null before placement. */
export const levelOf = (reader: Pick<Reader, 'seriesId' | 'colourBandId'>): Level | null =>
  reader.seriesId !== null && reader.colourBandId !== null
    ? { seriesId: reader.seriesId, colourBandId: reader.colourBandId }
    : null;

export const setStudentLevel = (
  db: Executor,
  userId: number,
  changes: { seriesId: number | null; colourBandId: number | null; placementTestId: number | null },
) => db.update(students).set(changes).where(eq(students.userId, userId));

export const insertLevelChange = (db: Executor, row: typeof levelChanges.$inferInsert) =>
  db.insert(levelChanges).values(row);

export const insertAlert = (db: Executor, row: typeof alerts.$inferInsert) => db.insert(alerts).values(row);

export async function addCoins(db: Executor, row: typeof coinTransactions.$inferInsert) {
  await db.insert(coinTransactions).values(row);
  await db
    .update(students)
    .set({ coins: sql`${students.coins} + ${row.amount}` })
    .where(eq(students.userId, row.studentId));
}

/** The coins already paid to a student for one worksheet and reason (`quiz`, `level_up`…). */
export async function coinsPaidFor(
  db: Executor,
  worksheet: { studentId: number; id: number },
  reason: string,
): Promise<number> {
  const [row] = await db
    .select({ amount: sql<number>`coalesce(sum(${coinTransactions.amount}), 0)::int` })
    .from(coinTransactions)
    .where(
      and(
        eq(coinTransactions.studentId, worksheet.studentId), // the ledger is indexed by student
        eq(coinTransactions.worksheetId, worksheet.id),
        eq(coinTransactions.reason, reason),
      ),
    );
  return row?.amount ?? 0;
}

/** Work done while the student held `level` that still counts for it. */
const countingAt = (studentId: number, level: Level) =>
  and(
    eq(worksheets.studentId, studentId),
    eq(worksheets.countsForLevel, true),
    eq(worksheets.seriesId, level.seriesId),
    eq(worksheets.colourBandId, level.colourBandId),
  );

/** Finished quizzes that count for the level, oldest first (the input of decideLevel). */
export async function countingResults(db: Executor, studentId: number, level: Level): Promise<BandResult[]> {
  const rows = await db
    .select({ isPassed: worksheets.isPassed, scorePercent: worksheets.scorePercent })
    .from(worksheets)
    .where(
      and(
        countingAt(studentId, level),
        isNotNull(worksheets.quizSubmittedAt),
        isNotNull(worksheets.isPassed),
        isNotNull(worksheets.scorePercent),
      ),
    )
    .orderBy(asc(worksheets.quizSubmittedAt), asc(worksheets.id));
  return rows.map((row) => ({ isPassed: row.isPassed!, scorePercent: row.scorePercent! }));
}

/** Stops work held at `level` from counting; `submittedOnly` keeps books still being read. Answers how many. */
export async function retireCountingWork(
  db: Executor,
  studentId: number,
  level: Level,
  options: { submittedOnly: boolean },
): Promise<number> {
  const retired = await db
    .update(worksheets)
    .set({ countsForLevel: false })
    .where(
      and(
        countingAt(studentId, level),
        options.submittedOnly ? isNotNull(worksheets.quizSubmittedAt) : undefined,
      ),
    )
    .returning({ id: worksheets.id });
  return retired.length;
}

/** Whether the student failed this passage's quiz before, on another worksheet. */
export async function hasFailedBefore(
  db: Executor,
  studentId: number,
  passageId: number,
  worksheetId: number,
) {
  return hasRows(
    db,
    worksheets,
    and(
      eq(worksheets.studentId, studentId),
      eq(worksheets.passageId, passageId),
      eq(worksheets.isPassed, false),
      lt(worksheets.id, worksheetId),
    ),
  );
}

/** Whether the band holds a power builder the student has not yet submitted a quiz for. */
export async function hasUnfinishedBooks(db: Executor, studentId: number, level: Level) {
  return hasRows(
    db,
    passages,
    and(
      eq(passages.builderTypeId, BuilderType.PowerBuilder),
      eq(passages.colourBandId, level.colourBandId),
      sql`not exists (select 1 from ${worksheets} where ${worksheets.studentId} = ${studentId}
              and ${worksheets.passageId} = ${passages.id} and ${worksheets.quizSubmittedAt} is not null)`,
    ),
  );
}

/**
 * Whether an alert of this type was raised for the student already about the same thing: its details hold every
 * one of `about` (a level's series and band, a goal and its target). Used so such alerts are raised once.
 */
export async function hasAlert(
  db: Executor,
  studentId: number,
  typeId: number,
  about: Record<string, number>,
) {
  return hasRows(
    db,
    alerts,
    and(
      eq(alerts.studentId, studentId),
      eq(alerts.typeId, typeId),
      sql`${alerts.details} @> ${JSON.stringify(about)}::jsonb`,
    ),
  );
}

/** The placement test of a series (the first, should the library hold more than one). */
export async function placementTestOf(db: Executor, seriesId: number) {
  const [row] = await db
    .select({ id: passages.id, seriesId: passages.seriesId })
    .from(passages)
    .where(and(eq(passages.builderTypeId, BuilderType.PlacementTest), eq(passages.seriesId, seriesId)))
    .orderBy(asc(passages.id))
    .limit(1);
  return row;
}

/** The level change a placement-test worksheet caused. */
export async function placementOfWorksheet(db: Executor, studentId: number, worksheetId: number) {
  const [row] = await db
    .select()
    .from(levelChanges)
    .where(
      and(
        eq(levelChanges.studentId, studentId),
        eq(levelChanges.rule, 'placement'),
        sql`(${levelChanges.details}->>'worksheet_id')::int = ${worksheetId}`,
      ),
    )
    .limit(1);
  return row;
}

/** Whether this passage was already passed in work that counts at `level` (a book counts once). */
export async function passedAtLevel(db: Executor, studentId: number, passageId: number, level: Level) {
  return hasRows(
    db,
    worksheets,
    and(countingAt(studentId, level), eq(worksheets.passageId, passageId), eq(worksheets.isPassed, true)),
  );
}
