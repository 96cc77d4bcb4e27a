/** Queries for passages, pages, worksheets, favourites and reading logs. */
import { and, asc, between, count, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { assignedTo } from '../access/scope.js';
import { passagesOpenTo } from './reading.access.js';
import type { Reader } from '../progression/progression.service.js';
import { hasRows, preparedQuery, type Executor } from '../../db/database.js';
import { preparedShapes } from '../../db/prepared-shapes.js';
import {
  assignments,
  enrolments,
  favourites,
  learningOutcomes,
  passagePages,
  passages,
  questionLearningOutcomes,
  questions,
  readingActivityLogs,
  recordings,
  worksheets,
} from '../../db/schema/index.js';

export type PassageRow = typeof passages.$inferSelect;

/** Whether a worksheet has a read-aloud recording submitted for review (practice recordings do not count). */
export const recordingSubmitted = sql<boolean>`exists (select 1 from ${recordings}
  where ${recordings.worksheetId} = ${worksheets.id} and ${recordings.isPractice} = false)`;

export const listPassageRows = (db: Executor, where: SQL | undefined, orderBy: SQL[]) =>
  db
    .select()
    .from(passages)
    .where(where)
    .orderBy(...orderBy, asc(passages.id));

export async function findPassage(db: Executor, id: number, condition?: SQL) {
  const [row] = await db
    .select()
    .from(passages)
    .where(and(eq(passages.id, id), condition));
  return row;
}

/** Per passage: its number of pages and whether some page has no narration yet. */
export async function pageStats(db: Executor, passageIds: number[]) {
  if (passageIds.length === 0) return new Map<number, { numPages: number; narrationMissing: boolean }>();
  const rows = await db
    .select({
      passageId: passagePages.passageId,
      numPages: count(),
      narrationMissing: sql<boolean>`bool_or(${passagePages.narrationKey} is null)`,
    })
    .from(passagePages)
    .where(inArray(passagePages.passageId, passageIds))
    .groupBy(passagePages.passageId);
  return new Map(rows.map((row) => [row.passageId, row]));
}

export const pagesOf = (db: Executor, passageId: number) =>
  db
    .select()
    .from(passagePages)
    .where(eq(passagePages.passageId, passageId))
    .orderBy(asc(passagePages.pageNum));

export async function questionCount(db: Executor, passageId: number) {
  const [row] = await db.select({ n: count() }).from(questions).where(eq(questions.passageId, passageId));
  return row?.n ?? 0;
}

const worksheetProgress = {
  id: worksheets.id,
  passageId: worksheets.passageId,
  pagesCompleted: worksheets.pagesCompleted,
  worksheetCompleted: worksheets.worksheetCompleted,
  readingPracticeCompleted: worksheets.readingPracticeCompleted,
  quizSubmittedAt: worksheets.quizSubmittedAt,
  recordingSubmitted,
};
export type WorksheetProgress = {
  id: number;
  passageId: number;
  pagesCompleted: number;
  worksheetCompleted: boolean;
  readingPracticeCompleted: boolean;
  quizSubmittedAt: Date | null;
  recordingSubmitted: boolean;
};

/** The student's current worksheet per passage: the open one, else the latest. */
export async function currentWorksheets(
  db: Executor,
  studentId: number,
  passageIds: number[],
): Promise<Map<number, WorksheetProgress>> {
  if (passageIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([worksheets.passageId], worksheetProgress)
    .from(worksheets)
    .where(and(eq(worksheets.studentId, studentId), inArray(worksheets.passageId, passageIds)))
    .orderBy(worksheets.passageId, asc(worksheets.worksheetCompleted), desc(worksheets.id));
  return new Map(rows.map((row) => [row.passageId, row]));
}

export async function favouritePassageIds(db: Executor, studentId: number, passageIds: number[]) {
  if (passageIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ passageId: favourites.passageId })
    .from(favourites)
    .where(and(eq(favourites.studentId, studentId), inArray(favourites.passageId, passageIds)));
  return new Set(rows.map((row) => row.passageId));
}

export const favouritesOf = (db: Executor, studentId: number | Placeholder) =>
  db.select({ id: favourites.passageId }).from(favourites).where(eq(favourites.studentId, studentId));

/** What narrows a student's passage list: their favourites, the bands around their own (leveled types), or nothing. */
export type StudentListNarrowing = 'favourites' | 'level' | 'none';

/**
 * A student's passages of one type, open to them (R1) and narrowed, each with its page figures, their current
 * worksheet and whether they favourited it: in one statement what `pageStats`, `currentWorksheets` and
 * `favouritePassageIds` read apart for other lists. Their own placement test first, then their band, then by band
 * and title. Asked on every student home page, so each shape (band or none, narrowing) is prepared once.
 */
const studentPassagesQuery = preparedShapes(
  ({ hasBand, narrowing }: { hasBand: boolean; narrowing: StudentListNarrowing }) =>
    `student_passages_${hasBand ? 'band' : 'no_band'}_${narrowing}`,
  (db, { hasBand, narrowing }, name) => {
    const studentId = sql.placeholder('studentId');
    const band = sql.placeholder('colourBandId');
    const reader = {
      userId: studentId,
      seriesId: sql.placeholder('seriesId'),
      colourBandId: hasBand ? band : null,
      placementTestId: sql.placeholder('placementTestId'),
    };
    const around = {
      favourites: inArray(passages.id, favouritesOf(db, studentId)),
      level: between(passages.colourBandId, sql`${band} - 1`, sql`${band} + 1`),
      none: undefined,
    }[narrowing];
    const stats = db
      .select({
        numPages: sql<number>`count(*)::int`.as('num_pages'),
        narrationMissing: sql<boolean | null>`bool_or(${passagePages.narrationKey} is null)`.as(
          'narration_missing',
        ),
      })
      .from(passagePages)
      .where(eq(passagePages.passageId, passages.id))
      .as('stats');
    // The open worksheet, else the latest (as currentWorksheets).
    const current = db
      .select({ ...worksheetProgress, recordingSubmitted: recordingSubmitted.as('recording_submitted') })
      .from(worksheets)
      .where(and(eq(worksheets.studentId, studentId), eq(worksheets.passageId, passages.id)))
      .orderBy(asc(worksheets.worksheetCompleted), desc(worksheets.id))
      .limit(1)
      .as('current');
    return db
      .select({
        passage: passages,
        numPages: stats.numPages,
        narrationMissing: stats.narrationMissing,
        worksheet: {
          id: current.id,
          passageId: current.passageId,
          pagesCompleted: current.pagesCompleted,
          worksheetCompleted: current.worksheetCompleted,
          readingPracticeCompleted: current.readingPracticeCompleted,
          quizSubmittedAt: current.quizSubmittedAt,
          recordingSubmitted: current.recordingSubmitted,
        },
        isFavourited: sql<boolean>`exists (select 1 from ${favourites}
        where ${favourites.studentId} = ${studentId} and ${favourites.passageId} = ${passages.id})`,
      })
      .from(passages)
      .leftJoinLateral(stats, sql`true`)
      .leftJoinLateral(current, sql`true`)
      .where(and(eq(passages.builderTypeId, sql.placeholder('typeId')), passagesOpenTo(db, reader), around))
      .orderBy(
        sql`${passages.id} = ${sql.placeholder('firstPassageId')} desc`,
        sql`${passages.colourBandId} = ${sql.placeholder('firstBandId')} desc`,
        asc(passages.colourBandId),
        asc(passages.title),
        asc(passages.id),
      )
      .prepare(name);
  },
);

export async function studentPassages(
  db: Executor,
  reader: Pick<Reader, 'userId' | 'seriesId' | 'colourBandId' | 'placementTestId'>,
  typeId: number,
  narrowing: StudentListNarrowing,
) {
  const shape = { hasBand: reader.colourBandId !== null, narrowing };
  const rows = await studentPassagesQuery(db, shape).execute({
    studentId: reader.userId,
    seriesId: reader.seriesId,
    colourBandId: reader.colourBandId,
    placementTestId: reader.placementTestId,
    typeId,
    firstPassageId: reader.placementTestId ?? -1,
    firstBandId: reader.colourBandId ?? -1,
  });
  // A passage without a worksheet has every field of it null.
  return rows.map(({ worksheet, ...row }) => ({
    ...row,
    worksheet: worksheet && worksheet.id !== null ? worksheet : undefined,
  }));
}

export async function setFavourite(db: Executor, studentId: number, passageId: number, favourite: boolean) {
  if (favourite) {
    await db.insert(favourites).values({ studentId, passageId }).onConflictDoNothing();
  } else {
    await db
      .delete(favourites)
      .where(and(eq(favourites.studentId, studentId), eq(favourites.passageId, passageId)));
  }
}

/** The student's open (not completed) worksheet for a passage, newest first. */
export async function findOpenWorksheet(db: Executor, studentId: number, passageId: number) {
  const [row] = await db
    .select({ id: worksheets.id })
    .from(worksheets)
    .where(
      and(
        eq(worksheets.studentId, studentId),
        eq(worksheets.passageId, passageId),
        eq(worksheets.worksheetCompleted, false),
      ),
    )
    .orderBy(desc(worksheets.id))
    .limit(1);
  return row;
}

export async function insertWorksheet(db: Executor, row: typeof worksheets.$inferInsert) {
  const [created] = await db.insert(worksheets).values(row).returning({ id: worksheets.id });
  return created!.id;
}

/** A worksheet with its passage's builder type and whether a recording was submitted, within `scope`. */
export async function findWorksheet(db: Executor, id: number, scope: SQL, options: { lock?: boolean } = {}) {
  const query = db
    .select({
      worksheet: worksheets,
      builderTypeId: passages.builderTypeId,
      recordingSubmitted,
    })
    .from(worksheets)
    .innerJoin(passages, eq(passages.id, worksheets.passageId))
    .where(and(eq(worksheets.id, id), scope));
  const [row] = options.lock ? await query.for('update', { of: worksheets }) : await query;
  return row;
}

export async function isEnrolled(db: Executor, studentId: number, classId: number) {
  return hasRows(db, enrolments, and(eq(enrolments.studentId, studentId), eq(enrolments.classId, classId)));
}

/** The latest live assignment of a passage to one of the student's classes, `classId`'s first. */
export async function assignmentOf(
  db: Executor,
  studentId: number,
  passageId: number,
  classId: number | null,
) {
  const [row] = await db
    .select({ id: assignments.id })
    .from(assignments)
    .where(and(eq(assignments.passageId, passageId), assignedTo(db, studentId)))
    .orderBy(sql`${assignments.classId} = ${classId ?? -1} desc`, desc(assignments.id))
    .limit(1);
  return row;
}

export const updateWorksheet = (db: Executor, id: number, changes: Partial<typeof worksheets.$inferInsert>) =>
  db.update(worksheets).set(changes).where(eq(worksheets.id, id));

/** Adds a progress report: the page only rises, time and practice recordings add up. */
export async function addProgress(
  db: Executor,
  id: number,
  progress: { pageNum: number; timeSpentReadingMs: number; practiceRecordings: number },
) {
  const [row] = await db
    .update(worksheets)
    .set({
      pagesCompleted: sql`greatest(${worksheets.pagesCompleted}, ${progress.pageNum})`,
      timeSpentReadingMs: sql`${worksheets.timeSpentReadingMs} + ${progress.timeSpentReadingMs}`,
      numPracticeRecordings: sql`${worksheets.numPracticeRecordings} + ${progress.practiceRecordings}`,
    })
    .where(eq(worksheets.id, id))
    .returning({ pagesCompleted: worksheets.pagesCompleted });
  return row!.pagesCompleted;
}

/** What deciding a worksheet's completion needs. */
export async function completionFacts(db: Executor, worksheetId: number) {
  const [row] = await db
    .select({
      id: worksheets.id,
      passageId: worksheets.passageId,
      worksheetCompleted: worksheets.worksheetCompleted,
      pagesCompleted: worksheets.pagesCompleted,
      quizSubmitted: sql<boolean>`${worksheets.quizSubmittedAt} is not null`,
      builderTypeId: passages.builderTypeId,
      numPages: sql<number>`(select count(*) from ${passagePages} where ${passagePages.passageId} = ${passages.id})::int`,
      numQuestions: sql<number>`(select count(*) from ${questions} where ${questions.passageId} = ${passages.id})::int`,
      recordingSubmitted,
    })
    .from(worksheets)
    .innerJoin(passages, eq(passages.id, worksheets.passageId))
    .where(eq(worksheets.id, worksheetId));
  return row;
}

/** The student's completed passages, the latest worksheet of each. */
function completedPassagesQuery(db: Executor, studentId: number | Placeholder, filter: SQL | undefined) {
  const latestRecording = (column: SQL) => sql`(select ${column} from ${recordings}
    where ${recordings.worksheetId} = ${worksheets.id} and ${recordings.isPractice} = false
    order by ${recordings.createdAt} desc, ${recordings.id} desc limit 1)`;
  return db
    .selectDistinctOn([worksheets.passageId], {
      passageId: worksheets.passageId,
      worksheetId: worksheets.id,
      title: passages.title,
      completedAt: worksheets.completedAt,
      colourBandId: passages.colourBandId,
      seriesId: passages.seriesId,
      scorePercent: worksheets.scorePercent,
      recordingId: sql<number | null>`${latestRecording(sql`${recordings.id}`)}`,
      recordingGradingViewed: sql<boolean | null>`${latestRecording(sql`${recordings.gradingViewed}`)}`,
    })
    .from(worksheets)
    .innerJoin(passages, eq(passages.id, worksheets.passageId))
    .where(and(eq(worksheets.studentId, studentId), eq(worksheets.worksheetCompleted, true), filter))
    .orderBy(worksheets.passageId, desc(worksheets.completedAt), desc(worksheets.id));
}

/** Without a filter, as the student home page asks for them: prepared, built once. */
const allCompletedPassages = preparedQuery((db) =>
  completedPassagesQuery(db, sql.placeholder('studentId'), undefined).prepare('completed_passages'),
);

export const completedPassages = (db: Executor, studentId: number, filter: SQL | undefined) =>
  filter ? completedPassagesQuery(db, studentId, filter) : allCompletedPassages(db).execute({ studentId });

export const insertReadingLog = (db: Executor, row: typeof readingActivityLogs.$inferInsert) =>
  db.insert(readingActivityLogs).values(row);

/** The learning-outcome codes a passage's questions measure. */
export async function outcomeCodesOf(db: Executor, passageId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ code: learningOutcomes.code })
    .from(questions)
    .innerJoin(questionLearningOutcomes, eq(questionLearningOutcomes.questionId, questions.id))
    .innerJoin(learningOutcomes, eq(learningOutcomes.id, questionLearningOutcomes.learningOutcomeId))
    .where(eq(questions.passageId, passageId));
  return rows.map((row) => row.code);
}

/** Condition on `passages`: skill builders that target any of `codes`. */
export const targetsAnyOf = (codes: string[]) =>
  sql`${passages.targetOutcomeCodes} ?| array[${sql.join(
    codes.map((code) => sql`${code}`),
    sql`, `,
  )}]::text[]`;
