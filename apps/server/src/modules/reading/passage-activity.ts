/**
 * How staff follow students' work on passages (P16, P17): one student's figures on one worksheet, the tally of a
 * passage's students, and a class's activity passage by passage. Assignments build their own rows (P17) from the
 * same columns and views, so "read", "recording submitted" and the averages mean one thing on every screen.
 */
import { and, asc, desc, eq, ne, sql, type AnyColumn } from 'drizzle-orm';
import { BuilderType, type Response, type contracts } from '@readalong/contracts';
import type { Executor } from '../../db/database.js';
import {
  enrolments,
  passagePages,
  passages,
  recordings,
  students,
  users,
  worksheets,
} from '../../db/schema/index.js';
import type { Actor } from '../../domain/actor.js';
import { requireVisibleClass } from '../access/in-scope.js';
import { visibleStudents } from '../access/scope.js';

type Progress = Response<typeof contracts.getAssignmentsActivity>['assignments'][number]['students'][number];
type RecordingState = Progress['recording'];

const handedIn = (graded?: boolean) => sql`exists (select 1 from ${recordings}
  where ${recordings.worksheetId} = ${worksheets.id} and ${recordings.isPractice} = false
  ${graded ? sql`and ${recordings.gradingCompleted} = true` : sql``})`;

/**
 * The columns of a student's progress on a passage, for a query that joins `users` (the student) and, left
 * joined, `worksheets` (their worksheet, or none): pages of the passage, the worksheet's reading, quiz and
 * recording (P16).
 */
export const progressColumns = (passageId: AnyColumn) => ({
  studentId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  worksheetId: worksheets.id,
  startedAt: worksheets.createdAt,
  pagesCompleted: worksheets.pagesCompleted,
  numPages: sql<number>`(select count(*)::int from ${passagePages} where ${passagePages.passageId} = ${passageId})`,
  quizSubmittedAt: worksheets.quizSubmittedAt,
  scorePercent: worksheets.scorePercent,
  isPassed: worksheets.isPassed,
  completed: worksheets.worksheetCompleted,
  completedAt: worksheets.completedAt,
  recording: sql<RecordingState>`case when ${worksheets.id} is null then 'none'
    when ${handedIn(true)} then 'graded' when ${handedIn()} then 'submitted' else 'none' end`,
});

export interface ProgressRow {
  studentId: number;
  firstName: string;
  lastName: string;
  worksheetId: number | null;
  startedAt: Date | null;
  pagesCompleted: number | null;
  numPages: number;
  quizSubmittedAt: Date | null;
  scorePercent: number | null;
  isPassed: boolean | null;
  completed: boolean | null;
  completedAt: Date | null;
  recording: RecordingState;
}

/** A student's figures: not started (no worksheet), reading, read every page, quiz, recording, completed. */
export function progressView(row: ProgressRow): Progress {
  const pagesRead = row.pagesCompleted ?? 0;
  return {
    student_id: row.studentId,
    name: `${row.firstName} ${row.lastName}`,
    worksheet_id: row.worksheetId,
    started_at: row.startedAt?.toISOString() ?? null,
    pages_read: pagesRead,
    num_pages: row.numPages,
    read: row.worksheetId !== null && pagesRead >= row.numPages,
    quiz_submitted: row.quizSubmittedAt !== null,
    score_percent: row.scorePercent,
    passed: row.isPassed,
    recording: row.recording,
    completed: row.completed ?? false,
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

/** How many of the students started, read, finished, handed in a quiz or a recording; their average score. */
export function tally(progress: Progress[]) {
  const scores = progress.flatMap((p) => (p.score_percent === null ? [] : [p.score_percent]));
  const average = scores.length ? scores.reduce((sum, score) => sum + score, 0) / scores.length : null;
  return {
    students_started: progress.filter((p) => p.worksheet_id !== null).length,
    students_read: progress.filter((p) => p.read).length,
    students_completed: progress.filter((p) => p.completed).length,
    quizzes_submitted: progress.filter((p) => p.quiz_submitted).length,
    recordings_submitted: progress.filter((p) => p.recording !== 'none').length,
    average_score_percent: average === null ? null : Math.round(average * 100) / 100,
  };
}

/**
 * A class's activity passage by passage (P16): the worksheets of the students enrolled in it now (placement tests
 * aside), one per student and passage — a completed one first, else the newest — grouped by passage, by title.
 */
export async function passageActivity(
  db: Executor,
  actor: Actor,
  classId: number,
): Promise<Response<typeof contracts.getPassageActivity>> {
  await requireVisibleClass(db, actor, classId);
  const rows = await db
    .selectDistinctOn([worksheets.passageId, worksheets.studentId], {
      passage: passages,
      ...progressColumns(worksheets.passageId),
    })
    .from(worksheets)
    .innerJoin(
      enrolments,
      and(eq(enrolments.studentId, worksheets.studentId), eq(enrolments.classId, classId)),
    )
    .innerJoin(students, eq(students.userId, worksheets.studentId))
    .innerJoin(users, eq(users.id, worksheets.studentId))
    .innerJoin(passages, eq(passages.id, worksheets.passageId))
    .where(and(ne(passages.builderTypeId, BuilderType.PlacementTest), visibleStudents(db, actor)))
    .orderBy(
      asc(worksheets.passageId),
      asc(worksheets.studentId),
      desc(worksheets.worksheetCompleted),
      desc(worksheets.id),
    );
  // DISTINCT ON fixes the SQL order; students are then listed as the assignments list them, by last name.
  const byName = rows.sort(
    (a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName),
  );
  const byPassage = new Map<number, { passage: typeof passages.$inferSelect; students: Progress[] }>();
  for (const { passage, ...row } of byName) {
    const entry = byPassage.get(passage.id) ?? { passage, students: [] };
    entry.students.push(progressView(row));
    byPassage.set(passage.id, entry);
  }
  const grouped = [...byPassage.values()].sort(
    (a, b) => a.passage.title.localeCompare(b.passage.title) || a.passage.id - b.passage.id,
  );
  return {
    passages: grouped.map(({ passage, students: progress }) => {
      const { quizzes_submitted: _quizzes, ...figures } = tally(progress);
      return {
        passage_id: passage.id,
        title: passage.title,
        builder_type_id: passage.builderTypeId,
        series_id: passage.seriesId,
        colour_band_id: passage.colourBandId,
        ...figures,
        students: progress.map((p) => ({ ...p, worksheet_id: p.worksheet_id! })),
      };
    }),
  };
}
