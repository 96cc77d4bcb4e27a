/**
 * What insights read (docs/rules.md IN1–IN9): set-based queries over the students `where` names (already the
 * caller's scope, narrowed to a school or class), grouped in SQL, never one query per student or class.
 */
import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  gte,
  inArray,
  lt,
  ne,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { FLUENCY_BAND_TOP, FLUENCY_BAND_WIDTH } from '@readalong/contracts';
import type { Executor } from '../../db/database.js';
import {
  classTeachers,
  classes,
  enrolments,
  levelChanges,
  passages,
  recordings,
  schoolDays,
  studentDays,
  students,
  studentSpeeds,
  users,
  worksheets,
} from '../../db/schema/index.js';
import { onDays, studentDaysInScope, wholeDaysOf, type Schools } from '../activity/activity.service.js';
import type { Interval } from '../reports/date-range.js';
import { readingStatsOf } from '../reports/reports.service.js';
import { awaitingReview, submittedQuiz, studentsOf } from '../reports/report-conditions.js';

/** The ids of the students `where` names, as a subquery. */
export const idsOf = (db: Executor, where: SQL) =>
  db.select({ id: students.userId }).from(students).where(where);

/** Whose work counts: the students `where` names. */
export const whoseOf = (db: Executor, where: SQL) => studentsOf(idsOf(db, where));

const within = (column: Parameters<typeof gte>[0], { from, until }: Interval) =>
  and(gte(column, from), lt(column, until));

export async function countStudents(db: Executor, where: SQL) {
  const [row] = await db.select({ n: count() }).from(students).where(where);
  return row?.n ?? 0;
}

export async function countClasses(db: Executor, where: SQL) {
  const [row] = await db.select({ n: count() }).from(classes).where(where);
  return row?.n ?? 0;
}

/** Students per series and colour band (IN4); a student with no band is unplaced (series null). */
export function colourBands(db: Executor, where: SQL) {
  return db
    .select({ seriesId: students.seriesId, colourBandId: students.colourBandId, students: count() })
    .from(students)
    .where(where)
    .groupBy(students.seriesId, students.colourBandId)
    .orderBy(asc(students.seriesId), asc(students.colourBandId));
}

/** The quiz scores' sum and count kept in a table of days (`student_days`, `school_days`) where `condition` holds. */
const keptScores = (db: Executor, days: typeof studentDays | typeof schoolDays, condition: SQL) =>
  db
    .select({
      sum: sql<number | null>`sum(${days.scoreSum})::float8`,
      n: sql<number | null>`sum(${days.scoredQuizzes})::float8`,
    })
    .from(days)
    .where(condition);

/**
 * The average score of the power-builder quizzes handed in over the interval (P13's average, IN3): the scores' sum
 * and count kept in `student_days` for its whole days (in `school_days` when the students are the whole `schools`),
 * and the quizzes themselves for a ragged end.
 */
export async function quizAverage(db: Executor, where: SQL, interval: Interval, schools?: Schools) {
  const { days, ends } = wholeDaysOf(interval);
  const parts = await Promise.all([
    ...(days
      ? [
          schools
            ? keptScores(db, schoolDays, and(schools(schoolDays.schoolId), onDays(days, schoolDays.day))!)
            : keptScores(
                db,
                studentDays,
                and(inArray(studentDays.studentId, idsOf(db, where)), onDays(days))!,
              ),
        ]
      : []),
    ...ends.map((end) =>
      db
        .select({
          sum: sql<number | null>`sum(${worksheets.scorePercent})::float8`,
          n: sql<number | null>`count(${worksheets.scorePercent})::float8`,
        })
        .from(worksheets)
        .innerJoin(passages, eq(passages.id, worksheets.passageId))
        .where(
          and(
            inArray(worksheets.studentId, idsOf(db, where)),
            submittedQuiz,
            within(worksheets.quizSubmittedAt, end),
          ),
        ),
    ),
  ]);
  let sum = 0;
  let n = 0;
  for (const [row] of parts) {
    sum += Number(row?.sum ?? 0);
    n += Number(row?.n ?? 0);
  }
  return n === 0 ? null : sum / n;
}

/**
 * Read-aloud recordings graded over the interval, and those waiting for a teacher whenever made (P13's): two counts,
 * each on its own partial index, so a district does not read every recording it ever made.
 */
export async function recordingReviews(db: Executor, where: SQL, interval: Interval) {
  const ofScope = inArray(recordings.studentId, idsOf(db, where));
  const countOf = (condition: SQL | undefined) =>
    db
      .select({ n: count() })
      .from(recordings)
      .where(and(ofScope, condition))
      .then(([row]) => row?.n ?? 0);
  const [graded, waiting] = await Promise.all([
    countOf(
      and(
        eq(recordings.gradingCompleted, true),
        eq(recordings.isPractice, false),
        within(recordings.gradedAt, interval),
      ),
    ),
    countOf(awaitingReview),
  ]);
  return { graded, waiting };
}

/** Each student's current speed (P9), kept one row a student in `student_speeds` (IN3). */
function latestSpeeds(db: Executor, where: SQL) {
  return db
    .select({ studentId: studentSpeeds.studentId, wpm: studentSpeeds.wpm, wcpm: studentSpeeds.wcpm })
    .from(studentSpeeds)
    .where(inArray(studentSpeeds.studentId, idsOf(db, where)))
    .as('latest');
}

/**
 * The students' current speeds (IN3) in one pass over `student_speeds`: how many students sit in each pair of a WPM
 * band and a WCPM band (its lower end; null without a WCPM), with the sums their averages need.
 */
export function speedBands(db: Executor, where: SQL) {
  const latest = latestSpeeds(db, where);
  const bandOf = (column: SQLWrapper) =>
    sql<number>`least(floor(${column} / ${sql.raw(String(FLUENCY_BAND_WIDTH))}) * ${sql.raw(
      String(FLUENCY_BAND_WIDTH),
    )}, ${sql.raw(String(FLUENCY_BAND_TOP))})::int`;
  const wpmBand = bandOf(latest.wpm);
  const wcpmBand = bandOf(latest.wcpm);
  return db
    .select({
      wpmFrom: wpmBand,
      wcpmFrom: sql<number | null>`${wcpmBand}`,
      students: count(),
      // Summed as double precision, as avg() would: a sum of reals is a real.
      wpmSum: sql<number>`sum(${latest.wpm}::float8)`,
      wcpmSum: sql<number | null>`sum(${latest.wcpm}::float8)`,
      wcpmStudents: count(latest.wcpm),
    })
    .from(latest)
    .groupBy(wpmBand, wcpmBand);
}

const changer = alias(users, 'changer');
/** The demo's opening levels are not changes anyone made (IN6). */
const realChange = ne(levelChanges.rule, 'seed');

function levelChangesOf(db: Executor, where: SQL, interval: Interval) {
  return and(
    inArray(levelChanges.studentId, idsOf(db, where)),
    realChange,
    within(levelChanges.createdAt, interval),
  )!;
}

/** Level changes over the interval: how many of each reason, and of how many students (IN6). */
export function levelChangeReasons(db: Executor, where: SQL, interval: Interval) {
  return db
    .select({
      reason: levelChanges.rule,
      changes: count(),
      students: countDistinct(levelChanges.studentId),
    })
    .from(levelChanges)
    .where(levelChangesOf(db, where, interval))
    .groupBy(levelChanges.rule);
}

/** A page of the level changes over the interval, newest first, with the student's and the changer's names. */
export function levelChangePage(
  db: Executor,
  where: SQL,
  interval: Interval,
  page: { limit: number; offset: number },
) {
  return db
    .select({
      change: levelChanges,
      firstName: users.firstName,
      lastName: users.lastName,
      changerFirstName: changer.firstName,
      changerLastName: changer.lastName,
    })
    .from(levelChanges)
    .innerJoin(users, eq(users.id, levelChanges.studentId))
    .leftJoin(changer, eq(changer.id, levelChanges.changedBy))
    .where(levelChangesOf(db, where, interval))
    .orderBy(desc(levelChanges.createdAt), desc(levelChanges.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** A page of the classes `where` names, by name, with how many students each has enrolled. */
export function classPage(db: Executor, where: SQL, page?: { limit: number; offset: number }) {
  const enrolled = db
    .select({ classId: enrolments.classId, n: count().as('n') })
    .from(enrolments)
    .where(inArray(enrolments.classId, db.select({ id: classes.id }).from(classes).where(where)))
    .groupBy(enrolments.classId)
    .as('enrolled');
  const select = db
    .select({
      id: classes.id,
      name: classes.name,
      schoolId: classes.schoolId,
      studentCount: sql<number>`coalesce(${enrolled.n}, 0)::int`,
    })
    .from(classes)
    .leftJoin(enrolled, eq(enrolled.classId, classes.id))
    .where(where)
    .orderBy(asc(classes.name), asc(classes.id))
    .$dynamic();
  return page ? select.limit(page.limit).offset(page.offset) : select;
}

/** Condition on `classes`: those the user teaches. */
export const taughtBy = (db: Executor, teacherId: number) =>
  inArray(
    classes.id,
    db
      .select({ id: classTeachers.classId })
      .from(classTeachers)
      .where(eq(classTeachers.teacherId, teacherId)),
  );

/** What the paged reading overview sorts by: a name, or one of P13's figures over the range. */
export type StudentSort = 'name' | 'books_completed' | 'minutes_reading' | 'average_score_percent';

/**
 * A page of the ids of the students `where` names, sorted by name or by a figure (ties and students without one by
 * name), and how many there are in all (IN8).
 */
export async function studentPage(
  db: Executor,
  where: SQL,
  sort: { by: StudentSort; descending: boolean; interval: Interval; schools?: Schools | undefined },
  page: { limit: number; offset: number },
) {
  const byName = [asc(users.lastName), asc(users.firstName), asc(users.id)];
  const direction = sort.descending ? desc : asc;
  const query = () => {
    if (sort.by === 'name') {
      const order = sort.descending ? [desc(users.lastName), desc(users.firstName), desc(users.id)] : byName;
      return db
        .select({ id: students.userId })
        .from(students)
        .innerJoin(users, eq(users.id, students.userId))
        .where(where)
        .orderBy(...order);
    }
    const { days, ends } = wholeDaysOf(sort.interval);
    if (days && ends.length === 0) {
      // Whole days (the screens' periods): each student's figures summed from `student_days`, a row per active day.
      const kept = db
        .select({
          studentId: studentDays.studentId,
          books: sql<number>`sum(${studentDays.books})`.as('books'),
          readingMs: sql<number>`sum(${studentDays.readingMs})`.as('reading_ms'),
          averageScore: sql<
            number | null
          >`sum(${studentDays.scoreSum}) / nullif(sum(${studentDays.scoredQuizzes}), 0)`.as('average_score'),
        })
        .from(studentDays)
        // Whole schools by the school their days carry; the join below keeps the students `where` names.
        .where(and(studentDaysInScope({ whose: whoseOf(db, where), schools: sort.schools }), onDays(days)))
        .groupBy(studentDays.studentId)
        .as('kept');
      const figure = {
        books_completed: sql`coalesce(${kept.books}, 0)`,
        minutes_reading: sql`coalesce(${kept.readingMs}, 0)`,
        average_score_percent: sql`${kept.averageScore}`,
      }[sort.by];
      return db
        .select({ id: students.userId })
        .from(students)
        .innerJoin(users, eq(users.id, students.userId))
        .leftJoin(kept, eq(kept.studentId, students.userId))
        .where(where)
        .orderBy(sql`${direction(figure)} nulls last`, ...byName);
    }
    const stats = readingStatsOf(db, where, sort.interval).as('stats');
    const figure = {
      books_completed: stats.booksCompleted,
      minutes_reading: stats.readingMs,
      average_score_percent: stats.averageScore,
    }[sort.by];
    return db
      .select({ id: stats.studentId })
      .from(stats)
      .innerJoin(users, eq(users.id, stats.studentId))
      .orderBy(sql`${direction(figure)} nulls last`, ...byName);
  };
  const [rows, total] = await Promise.all([
    query().limit(page.limit).offset(page.offset),
    countStudents(db, where),
  ]);
  return { ids: rows.map((row) => row.id), total };
}
