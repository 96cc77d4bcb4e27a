/**
 * Insights (docs/rules.md IN1–IN9): the figures of the students in the caller's scope (A3: a teacher's classes, an
 * owner's school, a department head's district or the one school `school_id` names), narrowed to a class by
 * `class_id`. Each figure is counted as the student reports count it (P9–P13), over the students as a set.
 */
import {
  COLOUR_BANDS,
  FLUENCY_BAND_TOP,
  FLUENCY_BAND_WIDTH,
  INSIGHTS_DEFAULT_DAYS,
  LEVEL_PROGRESSION_PAGE_SIZE,
  SERIES,
  WEEKLY_ACTIVITY_PAGE_SIZE,
  WEEKLY_ACTIVITY_WEEKS,
  type contracts,
  type LEVEL_CHANGE_REASONS,
} from '@readalong/contracts';
import type { z } from 'zod';
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import { classes, enrolments, students, users } from '../../db/schema/index.js';
import type { Actor } from '../../domain/actor.js';
import { requireVisibleClass, schoolInScope } from '../access/in-scope.js';
import {
  classesOfPickedSchool,
  studentsOfPickedSchool,
  visibleClasses,
  visibleStudents,
  wholeSchoolsInScope,
} from '../access/scope.js';
import {
  ACTIVITY_MAX_DAYS,
  activeDays,
  activeStudentsPer,
  add,
  countsPer,
  roundMinutes,
  zero,
  type Counts,
  type PeriodCounts,
  type Schools,
} from '../activity/activity.service.js';
import { enrolledIn } from '../classes/class-conditions.js';
import { outcomeScoresOf, percent } from '../outcomes/outcomes.service.js';
import { levelChangeInWords } from '../progression/level-change-words.js';
import {
  daysOf,
  limitDays,
  reportInterval,
  startOfDay,
  type DateRangeQuery,
  type Interval,
} from '../reports/date-range.js';
import { studentReadingRows, weekStartOf } from '../reports/reports.service.js';
import { nameMatches } from '../students/students.service.js';
import * as repo from './insights.repository.js';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** "Active" in the student count means in the last 7 days (IN2). */
const ACTIVE_DAYS = 7;
/** IN2's window: the last 7 days up to now. */
export const lastWeekOf = (now: Date): Interval => ({
  from: new Date(now.getTime() - ACTIVE_DAYS * DAY_MS),
  until: now,
});

/** A call's query as the contract parses it (defaults filled). */
type Query<C extends { query: z.ZodType }> = z.output<C['query']>;

interface Scoped {
  school_id?: number | undefined;
  class_id?: number | undefined;
}

export type InsightsService = ReturnType<typeof createInsightsService>;

/** Rows of per-period counts folded into a map of totals by key. */
function fold(rows: readonly PeriodCounts[], keyOf: (row: PeriodCounts) => string) {
  const totals = new Map<string, Counts & { active_students: number }>();
  for (const row of rows) {
    const key = keyOf(row);
    const into = totals.get(key) ?? { ...zero(), active_students: 0 };
    add(into, row);
    into.active_students += row.activeStudents ?? 0;
    totals.set(key, into);
  }
  return totals;
}

const emptyCounts = () => ({ ...zero(), active_students: 0 });
const rounded = (counts: Counts & { active_students: number }) => ({
  ...roundMinutes(counts),
  active_students: counts.active_students,
});

/** The range asked for; without a start, the last `defaultDays` days up to today (P7's ends; IN1, IN11). */
export function periodOf(query: DateRangeQuery, now: Date, defaultDays: number): Interval {
  const defaultStart = new Date(startOfDay(now).getTime() - (defaultDays - 1) * DAY_MS);
  return reportInterval(
    { start: query.start ?? defaultStart.toISOString().slice(0, 10), end: query.end },
    now,
  );
}

export function createInsightsService(deps: Deps) {
  const { db, clock } = deps;

  /** IN1: the range asked for; without a start, the last INSIGHTS_DEFAULT_DAYS days up to today (P7's ends). */
  const intervalOf = (query: DateRangeQuery) => periodOf(query, clock.now(), INSIGHTS_DEFAULT_DAYS);

  /** IN1: the school a department head narrows to (another district's: 404), for other roles none. */
  async function headSchool(actor: Actor, schoolId: number | undefined) {
    const school = await schoolInScope(db, actor, schoolId);
    return actor.role === 'department_head' ? school : undefined;
  }

  /** Condition on `students`: those in scope, of the school and class asked for (a class out of scope: 404). */
  async function studentsInScope(actor: Actor, query: Scoped): Promise<SQL> {
    return (await scopeOf(actor, query)).where;
  }

  /**
   * The students in scope (`where`, as studentsInScope) and, when they are whole schools (an owner's school; a
   * department head's district or the school asked for; no class), `schools`: those schools, whose sums are kept per
   * school and day (`school_days`: IN3, IN5) and whose students' days carry them (`student_days`: IN2, IN8); and
   * `school`, the one a department head narrowed to. The school asked for is looked up once for all of them.
   */
  async function scopeOf(
    actor: Actor,
    query: Scoped,
  ): Promise<{ where: SQL; schools?: Schools; school?: number }> {
    const schoolId = await headSchool(actor, query.school_id);
    if (query.class_id !== undefined) await requireVisibleClass(db, actor, query.class_id);
    const where = and(
      visibleStudents(db, actor),
      studentsOfPickedSchool(actor, schoolId),
      query.class_id !== undefined ? enrolledIn(db, query.class_id) : undefined,
    )!;
    if (query.class_id !== undefined) return { where };
    return { where, schools: wholeSchoolsInScope(db, actor, schoolId), school: schoolId };
  }

  /** Condition on `classes`: those in scope, of the school a department head narrowed to (`headSchool`'s). */
  const classesOf = (actor: Actor, school: number | undefined): SQL =>
    and(visibleClasses(db, actor), classesOfPickedSchool(actor, school))!;

  /** Condition on `classes`: those in scope, of the school asked for. */
  const classesInScope = async (actor: Actor, schoolId: number | undefined) =>
    classesOf(actor, await headSchool(actor, schoolId));

  /** Every kind of count, with active students, of the students `where` names, per period (and class). */
  function activity(
    where: SQL,
    interval: Interval,
    period: 'day' | 'week' | 'all',
    classIds?: number[],
    schools?: Schools,
  ) {
    const query = { whose: repo.whoseOf(db, where), interval, period, classIds, schools };
    return Promise.all([countsPer(db, query), activeStudentsPer(db, query)]).then((lists) => lists.flat());
  }

  /** IN5: the last WEEKLY_ACTIVITY_WEEKS weeks from Monday, the current one last, per class of the page. */
  async function weeklyActivity(actor: Actor, classRows: Awaited<ReturnType<typeof repo.classPage>>) {
    const thisWeek = weekStartOf(clock.now());
    const from = new Date(thisWeek.getTime() - (WEEKLY_ACTIVITY_WEEKS - 1) * WEEK_MS);
    const interval = { from, until: new Date(thisWeek.getTime() + WEEK_MS) };
    const weeks = Array.from({ length: WEEKLY_ACTIVITY_WEEKS }, (_, index) =>
      new Date(from.getTime() + index * WEEK_MS).toISOString().slice(0, 10),
    );
    const classIds = classRows.map((row) => row.id);
    // Only the page's classes' students: a district's other 50,000 would be read and dropped by the per-class join.
    const enrolledInPage = inArray(
      students.userId,
      db.select({ id: enrolments.studentId }).from(enrolments).where(inArray(enrolments.classId, classIds)),
    );
    const rows =
      classIds.length === 0
        ? []
        : await activity(and(visibleStudents(db, actor), enrolledInPage)!, interval, 'week', classIds);
    const totals = fold(rows, (row) => `${row.classId}:${row.period}`);
    return classRows.map((row) => ({
      class_id: row.id,
      name: row.name,
      school_id: row.schoolId,
      student_count: row.studentCount,
      weeks: weeks.map((week_start) => ({
        week_start,
        ...rounded(totals.get(`${row.id}:${week_start}`) ?? emptyCounts()),
      })),
    }));
  }

  return {
    /** IN2. */
    async studentCount(actor: Actor, query: Scoped) {
      const { where, schools: ofSchools, school } = await scopeOf(actor, { school_id: query.school_id });
      const interval = lastWeekOf(clock.now());
      const [student_count, class_count, active] = await Promise.all([
        repo.countStudents(db, where),
        repo.countClasses(db, classesOf(actor, school)),
        activeStudentsPer(db, {
          whose: repo.whoseOf(db, where),
          interval,
          period: 'all',
          schools: ofSchools,
        }),
      ]);
      const active_student_count = active.reduce((sum, row) => sum + (row.activeStudents ?? 0), 0);
      return { student_count, active_student_count, class_count };
    },

    /** IN3. */
    async insights(actor: Actor, query: Scoped & DateRangeQuery) {
      const interval = intervalOf(query);
      const { where, schools: schoolsOf } = await scopeOf(actor, query);
      const [total_students, counts, average, reviews, speeds] = await Promise.all([
        repo.countStudents(db, where),
        activity(where, interval, 'all', undefined, schoolsOf),
        repo.quizAverage(db, where, interval, schoolsOf),
        repo.recordingReviews(db, where, interval),
        repo.speedBands(db, where),
      ]);
      const fluency: { from: number; to: number | null; wpm_students: number; wcpm_students: number }[] = [];
      for (let from = 0; from <= FLUENCY_BAND_TOP; from += FLUENCY_BAND_WIDTH) {
        fluency.push({
          from,
          to: from === FLUENCY_BAND_TOP ? null : from + FLUENCY_BAND_WIDTH,
          wpm_students: 0,
          wcpm_students: 0,
        });
      }
      const bandAt = (from: number) => fluency[from / FLUENCY_BAND_WIDTH];
      const sums = { wpm: 0, wpmStudents: 0, wcpm: 0, wcpmStudents: 0 };
      for (const row of speeds) {
        sums.wpm += Number(row.wpmSum);
        sums.wpmStudents += row.students;
        sums.wcpm += Number(row.wcpmSum ?? 0);
        sums.wcpmStudents += row.wcpmStudents;
        const wpmBand = bandAt(row.wpmFrom);
        if (wpmBand) wpmBand.wpm_students += row.students;
        const wcpmBand = row.wcpmFrom === null ? undefined : bandAt(row.wcpmFrom);
        if (wcpmBand) wcpmBand.wcpm_students += row.students;
      }
      const averageOf = (sum: number, n: number) => (n === 0 ? null : sum / n);
      const oneDecimal = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
      return {
        ...rounded(fold(counts, () => '').get('') ?? emptyCounts()),
        total_students,
        average_score_percent: oneDecimal(average),
        average_wpm: oneDecimal(averageOf(sums.wpm, sums.wpmStudents)),
        average_wcpm: oneDecimal(averageOf(sums.wcpm, sums.wcpmStudents)),
        recordings_graded: reviews.graded,
        recordings_waiting: reviews.waiting,
        fluency,
      };
    },

    /** IN4. */
    async colourBands(actor: Actor, query: Scoped) {
      const rows = await repo.colourBands(db, await studentsInScope(actor, query));
      const placed = rows.filter((row) => row.seriesId !== null && row.colourBandId !== null);
      return {
        rows: placed.map((row) => ({
          series_id: row.seriesId!,
          series_name: SERIES.find((series) => series.id === row.seriesId)?.name ?? '',
          colour_band_id: row.colourBandId!,
          colour_band_name: COLOUR_BANDS[row.colourBandId! - 1]?.name ?? '',
          student_count: row.students,
        })),
        unplaced_count: rows
          .filter((row) => row.colourBandId === null)
          .reduce((sum, row) => sum + row.students, 0),
      };
    },

    /** IN5: every day of the range, at most ACTIVITY_MAX_DAYS (P10's limit) once narrowed to the scope's active days (I6). */
    async dailyActivity(actor: Actor, query: Scoped & DateRangeQuery) {
      const asked = intervalOf(query);
      const { where, schools: schoolsOf } = await scopeOf(actor, query);
      const interval = await limitDays(asked, ACTIVITY_MAX_DAYS, clock.now(), () =>
        activeDays(db, { whose: repo.whoseOf(db, where), schools: schoolsOf }),
      );
      const totals = fold(await activity(where, interval, 'day', undefined, schoolsOf), (row) => row.period);
      return {
        days: daysOf(interval).map((date) => ({ date, ...rounded(totals.get(date) ?? emptyCounts()) })),
      };
    },

    /** IN5: without `all`, the classes the caller teaches. */
    async weeklyActivity(actor: Actor, query: Query<typeof contracts.getWeeklyActivity>) {
      const inScope = await classesInScope(actor, query.school_id);
      const where = query.all ? inScope : and(inScope, repo.taughtBy(db, actor.userId))!;
      const rows = await repo.classPage(db, where, {
        limit: WEEKLY_ACTIVITY_PAGE_SIZE + 1,
        offset: query.page * WEEKLY_ACTIVITY_PAGE_SIZE,
      });
      return {
        classes: await weeklyActivity(actor, rows.slice(0, WEEKLY_ACTIVITY_PAGE_SIZE)),
        page: query.page,
        has_more: rows.length > WEEKLY_ACTIVITY_PAGE_SIZE,
      };
    },

    async classWeeklyActivity(actor: Actor, classId: number) {
      await requireVisibleClass(db, actor, classId);
      const [one] = await weeklyActivity(actor, await repo.classPage(db, eq(classes.id, classId)));
      return one!;
    },

    /** IN6. */
    async levelProgression(actor: Actor, query: Query<typeof contracts.getLevelProgression>) {
      const interval = intervalOf(query);
      const where = await studentsInScope(actor, query);
      const limit = LEVEL_PROGRESSION_PAGE_SIZE;
      const [reasons, changes] = await Promise.all([
        repo.levelChangeReasons(db, where, interval),
        repo.levelChangePage(db, where, interval, { limit, offset: query.page * limit }),
      ]);
      type Reason = (typeof LEVEL_CHANGE_REASONS)[number];
      return {
        reasons: reasons.map((row) => ({
          reason: row.reason as Reason,
          change_count: row.changes,
          student_count: row.students,
        })),
        level_changes: changes.map(({ change, ...names }) => ({
          student_id: change.studentId,
          student_name: `${names.firstName} ${names.lastName}`.trim(),
          school_id: change.schoolId,
          from_series_id: change.fromSeriesId,
          from_colour_band_id: change.fromColourBandId,
          to_series_id: change.toSeriesId,
          to_colour_band_id: change.toColourBandId,
          reason: change.rule as Reason,
          detail: levelChangeInWords(change.rule, change.details),
          changed_by:
            names.changerFirstName === null
              ? null
              : `${names.changerFirstName} ${names.changerLastName}`.trim(),
          changed_at: change.createdAt.toISOString(),
        })),
        page: query.page,
        limit,
        total: reasons.reduce((sum, row) => sum + row.changes, 0),
      };
    },

    /** IN7: every class named must be in scope (else 404). */
    async readingOverview(actor: Actor, query: { class_ids: number[] } & DateRangeQuery) {
      const interval = intervalOf(query);
      for (const classId of new Set(query.class_ids)) await requireVisibleClass(db, actor, classId);
      const enrolled = query.class_ids.map((classId) => enrolledIn(db, classId));
      const where = and(visibleStudents(db, actor), or(...enrolled))!;
      return { students: await studentReadingRows(deps, where, interval) };
    },

    /** IN8. */
    async readingOverviewPage(
      actor: Actor,
      query: Query<typeof contracts.getClassesReadingOverviewPaginated>,
    ) {
      const interval = intervalOf(query);
      const scope = await scopeOf(actor, { school_id: query.school_id });
      const narrowed = query.series_id !== undefined || Boolean(query.search);
      const where = and(
        scope.where,
        query.series_id !== undefined ? eq(students.seriesId, query.series_id) : undefined,
        query.search
          ? inArray(students.userId, db.select({ id: users.id }).from(users).where(nameMatches(query.search)))
          : undefined,
      )!;
      const { ids, total } = await repo.studentPage(
        db,
        where,
        // Whole schools' days are read by school, unless a series or a search leaves a few of their students.
        {
          by: query.sort,
          descending: query.order === 'desc',
          interval,
          schools: narrowed ? undefined : scope.schools,
        },
        { limit: query.limit, offset: query.page * query.limit },
      );
      const rows =
        ids.length === 0 ? [] : await studentReadingRows(deps, inArray(students.userId, ids), interval);
      const position = new Map(ids.map((id, index) => [id, index]));
      rows.sort((a, b) => position.get(a.student_id)! - position.get(b.student_id)!);
      return { students: rows, page: query.page, limit: query.limit, total };
    },

    /** IN9. */
    async learningOutcomes(actor: Actor, query: Query<typeof contracts.getLearningOutcomePerformance>) {
      const interval = intervalOf(query);
      const where = await studentsInScope(actor, query);
      const rows = await outcomeScoresOf(db, repo.whoseOf(db, where), {
        interval,
        topicGroupIds: query.topic_groups,
      });
      return {
        learning_outcome_performances: rows.map((row) => ({
          learning_outcome_id: row.outcomeId,
          topic_id: row.topicId,
          topic_group_id: row.topicGroupId,
          name: row.name,
          score_percent: percent(row.marks, row.maxMarks),
          questions_answered: Number(row.answered ?? 0),
          students_answered: Number(row.students ?? 0),
        })),
      };
    },
  };
}
