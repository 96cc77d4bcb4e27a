/**
 * A student's reading reports: the "My progress" overview (goals, books, recordings, Lexile timeline) and book
 * performance (P7–P9). Students see their own; staff a student in their scope (else 404, P14). Staff also get the
 * overview of every student in their scope (P13).
 */
import type { contracts } from '@readalong/contracts';
import type { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import type { Executor } from '../../db/database.js';
import { students } from '../../db/schema/index.js';
import { invalidField } from '../../domain/errors.js';
import type { Actor } from '../../domain/actor.js';
import { reportInterval, type DateRangeQuery, type Interval } from './date-range.js';
import { reportStudentId, requireVisibleStudent } from '../access/in-scope.js';
import { lexileTimeline } from './lexile-timeline.js';
import { estimatedLexileOf } from './report-conditions.js';
import * as repo from './reports.repository.js';
import { bookResultView } from './reports.views.js';
import { goalOf } from '../goals/goals.service.js';
import { goalProgress } from './goal-progress.js';
import { studentOverview } from './student-overview.js';
import { studentSummaries } from '../students/student-summary.js';
import { recordingView } from '../recordings/recording-view.js';
import { recordingsOf } from '../recordings/recordings.service.js';

export { readingStatsOf, studentReadingRows, weekStartOf } from './student-overview.js';

type BookPerformanceQuery = z.output<(typeof contracts.getBookPerformance)['query']>;
export type ReportsService = ReturnType<typeof createReportsService>;

/** The student's estimated Lexile now (FG1), in the caller's transaction: what a Lexile goal is checked against (G3). */
export async function currentLexileOf(db: Executor, studentId: number): Promise<number | null> {
  const [row] = await db
    .select({ lexile: sql<number | null>`${estimatedLexileOf(studentId)}` })
    .from(students)
    .where(eq(students.userId, studentId));
  return row?.lexile ?? null;
}

export function createReportsService({ db, clock, storage }: Deps) {
  /**
   * The timeline's points in the interval, worked out from the student's whole history (FG1), so a period's first
   * point is the estimate as it stood then, and the estimate now: its last point, which `estimatedLexileOf` gives
   * in SQL for lists (the figures test holds the two to one value).
   */
  async function timeline(studentId: number, interval: Interval) {
    const [books, moves] = await Promise.all([
      repo.passedBooks(db, studentId),
      repo.levelMoves(db, studentId),
    ]);
    const whole = lexileTimeline(books, moves);
    const from = interval.from.toISOString();
    const until = interval.until.toISOString();
    const points = whole.filter((point) => point.at >= from && point.at < until);
    return { points, current: whole.at(-1)?.lexile ?? null };
  }

  return {
    /** The student's own, or (staff) the one `student_id` names in their scope (P14). */
    async readingOverview(actor: Actor, query: DateRangeQuery & { student_id?: number | undefined }) {
      const interval = reportInterval(query, clock.now());
      const studentId = await reportStudentId(db, actor, query.student_id);
      const [[student], { books }, recordings, lexile, goal, speed] = await Promise.all([
        studentSummaries({ db, storage }, eq(students.userId, studentId)),
        repo.bookResults(db, studentId, { interval }),
        recordingsOf(db, studentId, interval),
        timeline(studentId, interval),
        goalOf(db, studentId),
        repo.latestSpeed(db, studentId),
      ]);
      return {
        student: student!,
        goals: goalProgress(goal, {
          lexile: lexile.current,
          wpm: speed?.wpm ?? null,
          wcpm: speed?.wcpm ?? null,
        }),
        books: books.map(bookResultView),
        recordings: recordings.map((row) => recordingView(row, storage)),
        lexile_timeline: lexile.points,
        current_lexile: lexile.current,
        latest_wpm: speed?.wpm ?? null,
        latest_wcpm: speed?.wcpm ?? null,
      };
    },

    async bookPerformance(actor: Actor, studentId: number, query: BookPerformanceQuery) {
      if (query.min !== undefined && query.max !== undefined && query.max < query.min) {
        throw invalidField('query.max', 'must not be below min');
      }
      const interval = reportInterval(query, clock.now());
      await requireVisibleStudent(db, actor, studentId);
      const { books, total } = await repo.bookResults(db, studentId, {
        interval,
        score: { min: query.min, max: query.max },
        page: { offset: query.page * query.limit, limit: query.limit },
      });
      return { books: books.map(bookResultView), total };
    },

    /** Every student in the caller's scope with their reading and what needs attention (P13). */
    studentOverview: (actor: Actor, query: Parameters<typeof studentOverview>[2]) =>
      studentOverview({ db, clock, storage }, actor, query),
  };
}
