/**
 * What the staff's overview of their students reads (docs/rules.md P13): a handful of set-based queries over the
 * students `where` names (already the caller's scope), never one query per student.
 */
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database.js';
import { classes, enrolments, passages, recordings, students, worksheets } from '../../db/schema/index.js';
import type { Actor } from '../../domain/actor.js';
import { visibleClasses } from '../access/scope.js';
import type { Interval } from './date-range.js';
import {
  awaitingReview,
  completedBookOf,
  estimatedLexileOf,
  latestSpeedOf,
  submittedQuiz,
} from './report-conditions.js';

const within = (column: Parameters<typeof gte>[0], from: Date, until?: Date) =>
  and(gte(column, from), until ? lt(column, until) : undefined);

/** A correlated scalar subquery, read as a number (counts and sums come back as text otherwise). */
const numberOf = (query: SQL) => sql<number | null>`(${query})::float8`;

/**
 * Per student: books (P10, FG4), minutes, quiz average (FG5) and failures over the range; speed (FG2), estimated
 * Lexile (FG1) and recordings to review (FG7) whatever the range.
 */
export function readingStats(db: Executor, where: SQL, interval: Interval, weekStart: Date) {
  const student = students.userId;
  const books = (from: Date, until?: Date) =>
    numberOf(
      sql`${db
        .select({ n: count() })
        .from(worksheets)
        .innerJoin(passages, eq(passages.id, worksheets.passageId))
        .where(and(completedBookOf(student), within(worksheets.completedAt, from, until)))}`,
    );
  const quizzes = (value: SQL, condition?: SQL) =>
    sql`${db
      .select({ value: sql`${value}` })
      .from(worksheets)
      .innerJoin(passages, eq(passages.id, worksheets.passageId))
      .where(
        and(
          eq(worksheets.studentId, student),
          submittedQuiz,
          within(worksheets.quizSubmittedAt, interval.from, interval.until),
          condition,
        ),
      )}`;
  return db
    .select({
      studentId: student,
      // Aliased, so a query may sort students by them as a subquery (insights IN8).
      booksCompleted: books(interval.from, interval.until).as('books_completed'),
      booksThisWeek: books(weekStart),
      readingMs: numberOf(
        sql`${db
          .select({ ms: sql`coalesce(sum(${worksheets.timeSpentReadingMs}), 0)` })
          .from(worksheets)
          .where(
            and(
              eq(worksheets.studentId, student),
              within(worksheets.createdAt, interval.from, interval.until),
            ),
          )}`,
      ).as('reading_ms'),
      averageScore: numberOf(quizzes(sql`avg(${worksheets.scorePercent})`)).as('average_score'),
      failedQuizzes: numberOf(quizzes(sql`count(*)`, eq(worksheets.isPassed, false))),
      toReview: numberOf(
        sql`${db
          .select({ n: count() })
          .from(recordings)
          .where(and(eq(recordings.studentId, student), awaitingReview))}`,
      ),
      wpm: sql<number | null>`${latestSpeedOf(student, 'wpm')}`,
      wcpm: sql<number | null>`${latestSpeedOf(student, 'wcpm')}`,
      lexile: sql<number | null>`${estimatedLexileOf(student)}`,
    })
    .from(students)
    .where(where);
}

const idsOf = (db: Executor, where: SQL) => db.select({ id: students.userId }).from(students).where(where);

/** Each student's newest worksheet that `condition` holds (a submitted quiz), whatever the range, with `columns`. */
function newestQuizOfEach<T extends SelectedFields>(
  db: Executor,
  where: SQL,
  columns: T,
  condition = submittedQuiz,
) {
  return db
    .selectDistinctOn([worksheets.studentId], { studentId: worksheets.studentId, ...columns })
    .from(worksheets)
    .innerJoin(passages, eq(passages.id, worksheets.passageId))
    .where(and(inArray(worksheets.studentId, idsOf(db, where)), condition))
    .orderBy(asc(worksheets.studentId), desc(worksheets.quizSubmittedAt), desc(worksheets.id));
}

/** Each student's newest submitted power-builder quiz. */
export function lastQuizzes(db: Executor, where: SQL) {
  return newestQuizOfEach(db, where, {
    title: passages.title,
    scorePercent: worksheets.scorePercent,
    isPassed: worksheets.isPassed,
    submittedAt: worksheets.quizSubmittedAt,
  });
}

/** The classes of the students that the actor may see, by name. */
export function classesOfStudents(db: Executor, actor: Actor, where: SQL) {
  return db
    .select({ studentId: enrolments.studentId, id: classes.id, name: classes.name })
    .from(enrolments)
    .innerJoin(classes, eq(classes.id, enrolments.classId))
    .where(and(inArray(enrolments.studentId, idsOf(db, where)), visibleClasses(db, actor)))
    .orderBy(asc(classes.name), asc(classes.id));
}
