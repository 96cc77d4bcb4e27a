/**
 * The staff's overview of their students (docs/rules.md P13), a teacher's home: every student in scope (a
 * teacher's: of their classes; a department head's: of the district or the one school asked for) with their reading
 * over the range, level, latest speed, goals and what needs attention.
 */
import { STUDENT_OVERVIEW_DEFAULT_DAYS, type contracts, type Response } from '@readalong/contracts';
import { and, type SQL } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import type { Executor } from '../../db/database.js';
import type { Actor } from '../../domain/actor.js';
import { schoolInScope } from '../access/in-scope.js';
import { studentsOfPickedSchool, visibleStudents } from '../access/scope.js';
import { goalsOfStudents } from '../goals/goals.service.js';
import { studentSummaries } from '../students/student-summary.js';
import { reportInterval, startOfDay, type DateRangeQuery, type Interval } from './date-range.js';
import { goalProgress } from './goal-progress.js';
import * as repo from './student-overview.repository.js';

type OverviewQuery = DateRangeQuery & { school_id?: number | undefined };
type Row = Response<typeof contracts.getStudentReadingOverview>['students'][number];

const DAY_MS = 86_400_000;

/** Monday 00:00 UTC of the week of `now`: "books this week" counts from there. */
export function weekStartOf(now: Date): Date {
  const today = startOfDay(now);
  const sinceMonday = (today.getUTCDay() + 6) % 7;
  return new Date(today.getTime() - sinceMonday * DAY_MS);
}

/** The range asked for; without a start, the last STUDENT_OVERVIEW_DEFAULT_DAYS days up to today (P13, P7). */
function intervalOf(query: DateRangeQuery, now: Date) {
  const defaultStart = new Date(startOfDay(now).getTime() - (STUDENT_OVERVIEW_DEFAULT_DAYS - 1) * DAY_MS);
  return reportInterval(
    { start: query.start ?? defaultStart.toISOString().slice(0, 10), end: query.end },
    now,
  );
}

const byStudent = <T extends { studentId: number }>(rows: readonly T[]) =>
  new Map(rows.map((row) => [row.studentId, row]));

function groupByStudent<T extends { studentId: number }>(rows: readonly T[]) {
  const groups = new Map<number, T[]>();
  for (const row of rows) groups.set(row.studentId, [...(groups.get(row.studentId) ?? []), row]);
  return groups;
}

type Stat = Awaited<ReturnType<typeof repo.readingStats>>[number];

/** A student's reading over the range (FG4's books, minutes, FG5's quiz average), latest speed and Lexile (FG1, FG2). */
function readingFigures(stat: Stat | undefined) {
  return {
    books_completed: stat?.booksCompleted ?? 0,
    minutes_reading: Math.round((stat?.readingMs ?? 0) / 60_000),
    average_score_percent: stat?.averageScore ?? null,
    latest_wpm: stat?.wpm ?? null,
    latest_wcpm: stat?.wcpm ?? null,
    lexile: stat?.lexile ?? null,
  };
}

/**
 * The students `where` names (already a scope) with their reading over the interval, as P13 counts it: the
 * classes' reading overviews of insights (IN7). By last then first name.
 */
export async function studentReadingRows(
  deps: Pick<Deps, 'db' | 'storage' | 'clock'>,
  where: SQL,
  interval: Interval,
) {
  const { db, clock } = deps;
  const [summaries, stats] = await Promise.all([
    studentSummaries(deps, where),
    repo.readingStats(db, where, interval, weekStartOf(clock.now())),
  ]);
  const statsOf = byStudent(stats);
  return summaries.map(({ disabled: _disabled, ...summary }) => ({
    ...summary,
    ...readingFigures(statsOf.get(summary.student_id)),
  }));
}

/**
 * What a query may sort students by in SQL (IN8): P13's reading figures over the interval, one row per student
 * (its books-this-week column counts from the interval's start and is not meant to be read).
 */
export const readingStatsOf = (db: Executor, where: SQL, interval: Interval) =>
  repo.readingStats(db, where, interval, interval.from);

export async function studentOverview(
  deps: Pick<Deps, 'db' | 'storage' | 'clock'>,
  actor: Actor,
  query: OverviewQuery,
): Promise<{ students: Row[] }> {
  const { db, clock } = deps;
  const now = clock.now();
  const interval = intervalOf(query, now);
  const schoolId = await schoolInScope(db, actor, query.school_id);
  const where = and(visibleStudents(db, actor), studentsOfPickedSchool(actor, schoolId))!;
  const [summaries, stats, quizzes, classes, goals] = await Promise.all([
    studentSummaries(deps, where),
    repo.readingStats(db, where, interval, weekStartOf(now)),
    repo.lastQuizzes(db, where),
    repo.classesOfStudents(db, actor, where),
    goalsOfStudents(db, where),
  ]);
  const statsOf = byStudent(stats);
  const quizOf = byStudent(quizzes);
  const classesOf = groupByStudent(classes);
  const goalOf = byStudent(goals);
  return {
    students: summaries.map(({ disabled: _disabled, ...summary }) => {
      const id = summary.student_id;
      const stat = statsOf.get(id);
      const quiz = quizOf.get(id);
      const figures = readingFigures(stat);
      const { lexile, latest_wpm: wpm, latest_wcpm: wcpm } = figures;
      return {
        ...summary,
        classes: (classesOf.get(id) ?? []).map((klass) => ({ id: klass.id, name: klass.name })),
        ...figures,
        books_this_week: stat?.booksThisWeek ?? 0,
        last_quiz: quiz?.submittedAt
          ? {
              title: quiz.title,
              score_percent: quiz.scorePercent,
              passed: quiz.isPassed,
              submitted_at: quiz.submittedAt.toISOString(),
            }
          : null,
        failed_quizzes: stat?.failedQuizzes ?? 0,
        recordings_to_review: stat?.toReview ?? 0,
        goals: goalProgress(goalOf.get(id)?.goal, { lexile, wpm, wcpm }),
      };
    }),
  };
}
