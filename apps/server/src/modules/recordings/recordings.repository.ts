/** Queries for read-aloud recordings, their mistakes and activity logs (RA2–RA13). */
import { and, asc, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import { hasRows, type Executor } from '../../db/database.js';
import {
  coinTransactions,
  enrolments,
  passages,
  recordingActivityLogs,
  recordingMistakes,
  recordings,
  users,
  worksheets,
} from '../../db/schema/index.js';

export type RecordingRow = typeof recordings.$inferSelect;

/** The recording already stored for a take the browser sends again, by the browser's id for it. */
export async function recordingOfTake(db: Executor, studentId: number, clientRecordingId: string) {
  const [row] = await db
    .select({ id: recordings.id })
    .from(recordings)
    .where(and(eq(recordings.studentId, studentId), eq(recordings.clientRecordingId, clientRecordingId)));
  return row?.id ?? null;
}

export async function insertRecording(db: Executor, row: typeof recordings.$inferInsert) {
  const [created] = await db.insert(recordings).values(row).returning({ id: recordings.id });
  return created!.id;
}

/** Recordings with what their view shows: the student's name and the passage. */
export function recordingRows(db: Executor, where: SQL, orderBy: SQL[], limit: number | null = 500) {
  const query = db
    .select({
      recording: recordings,
      firstName: users.firstName,
      lastName: users.lastName,
      passageId: worksheets.passageId,
      passageTitle: passages.title,
    })
    .from(recordings)
    .innerJoin(users, eq(users.id, recordings.studentId))
    .innerJoin(worksheets, eq(worksheets.id, recordings.worksheetId))
    .innerJoin(passages, eq(passages.id, worksheets.passageId))
    .where(where)
    .orderBy(...orderBy);
  return limit === null ? query : query.limit(limit);
}
export type RecordingViewRow = Awaited<ReturnType<typeof recordingRows>>[number];

export const newestFirst = [desc(recordings.createdAt), desc(recordings.id)];
/** Waiting for review (no comment yet) first, then newest first. */
export const reviewOrder = [asc(recordings.gradingCompleted), ...newestFirst];

/** A student's read-aloud recordings (not practice) made in [from, until), oldest first. */
export const recordingsOf = (db: Executor, studentId: number, interval: { from: Date; until: Date }) =>
  recordingRows(
    db,
    and(
      eq(recordings.studentId, studentId),
      eq(recordings.isPractice, false),
      gte(recordings.createdAt, interval.from),
      lt(recordings.createdAt, interval.until),
    )!,
    [asc(recordings.createdAt), asc(recordings.id)],
    null,
  );

/** One recording within `scope` with its passage's word count; `lock` holds its row for the transaction. */
export async function findRecording(db: Executor, id: number, scope: SQL, options: { lock?: boolean } = {}) {
  const query = db
    .select({ recording: recordings, passageId: worksheets.passageId, passageWords: passages.wordCount })
    .from(recordings)
    .innerJoin(worksheets, eq(worksheets.id, recordings.worksheetId))
    .innerJoin(passages, eq(passages.id, worksheets.passageId))
    .where(and(eq(recordings.id, id), scope));
  const [row] = options.lock ? await query.for('update', { of: recordings }) : await query;
  return row;
}

export const updateRecording = (db: Executor, id: number, changes: Partial<typeof recordings.$inferInsert>) =>
  db.update(recordings).set(changes).where(eq(recordings.id, id));

export const mistakesOf = (db: Executor, recordingId: number) =>
  db
    .select({
      wordIndex: recordingMistakes.wordIndex,
      type: recordingMistakes.typeId,
      text: recordingMistakes.text,
    })
    .from(recordingMistakes)
    .where(eq(recordingMistakes.recordingId, recordingId))
    .orderBy(asc(recordingMistakes.wordIndex), asc(recordingMistakes.id));

/** Replaces every mistake of a recording (the caller holds the recording's row lock). */
export async function replaceMistakes(
  db: Executor,
  recording: { id: number; schoolId: number },
  rows: { wordIndex: number; type: number; text: string | null }[],
) {
  await db.delete(recordingMistakes).where(eq(recordingMistakes.recordingId, recording.id));
  if (rows.length === 0) return;
  await db.insert(recordingMistakes).values(
    rows.map((row) => ({
      recordingId: recording.id,
      schoolId: recording.schoolId,
      wordIndex: row.wordIndex,
      typeId: row.type,
      text: row.text,
    })),
  );
}

/** Whether the student was already paid `reason` for this worksheet. */
export async function wasPaid(db: Executor, studentId: number, worksheetId: number, reason: string) {
  return hasRows(
    db,
    coinTransactions,
    and(
      eq(coinTransactions.studentId, studentId),
      eq(coinTransactions.worksheetId, worksheetId),
      eq(coinTransactions.reason, reason),
    ),
  );
}

/** Condition on `recordings`: those of the students enrolled in a class. */
export const ofClass = (db: Executor, classId: number) =>
  inArray(
    recordings.studentId,
    db.select({ id: enrolments.studentId }).from(enrolments).where(eq(enrolments.classId, classId)),
  );

export const insertActivityLog = (db: Executor, row: typeof recordingActivityLogs.$inferInsert) =>
  db.insert(recordingActivityLogs).values(row);

/** Logs a recording activity unless the student's same count for the worksheet is logged already. */
export async function insertActivityLogOnce(db: Executor, row: typeof recordingActivityLogs.$inferInsert) {
  const logged = await hasRows(
    db,
    recordingActivityLogs,
    and(
      eq(recordingActivityLogs.studentId, row.studentId),
      eq(recordingActivityLogs.worksheetId, row.worksheetId),
      eq(recordingActivityLogs.numReRecording, row.numReRecording ?? 0),
    ),
  );
  if (!logged) await insertActivityLog(db, row);
}
