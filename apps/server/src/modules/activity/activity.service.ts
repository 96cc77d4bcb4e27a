/**
 * Reading activity per day (P10): the student's own, or (staff) a student's in their
 * scope. Every day of the range is listed, so a chart needs no gaps filled.
 */
import { ACTIVITY_MAX_DAYS } from '@readalong/contracts';
import type { Deps } from '../../deps.js';
import type { Actor } from '../../domain/actor.js';
import { daysOf, limitDays, reportInterval, type DateRangeQuery } from '../reports/date-range.js';
import { requireVisibleStudent } from '../access/in-scope.js';
import { theStudent } from '../reports/report-conditions.js';
import { activeDays, countsPer, type PeriodCounts } from './activity.repository.js';

export {
  activeDays,
  activeStudentsPer,
  countsPer,
  onDays,
  studentDaysInScope,
  wholeDaysOf,
  type Days,
  type PeriodCounts,
  type Schools,
} from './activity.repository.js';

/**
 * Without a start, the profile shows the last 30 days; at most a year and a day fits one answer, after a longer
 * range is narrowed to the days with activity (I6).
 */
export const ACTIVITY_DEFAULT_DAYS = 30;
export { ACTIVITY_MAX_DAYS };

export const zero = () => ({
  minutes_reading: 0,
  pages_read: 0,
  books_completed: 0,
  quizzes_submitted: 0,
  recordings_submitted: 0,
});
export type Counts = ReturnType<typeof zero>;

export function add(into: Counts, row: PeriodCounts) {
  into.minutes_reading += row.minutesReading ?? 0;
  into.pages_read += row.pagesRead ?? 0;
  into.books_completed += row.booksCompleted ?? 0;
  into.quizzes_submitted += row.quizzesSubmitted ?? 0;
  into.recordings_submitted += row.recordingsSubmitted ?? 0;
}

export const roundMinutes = (counts: Counts) => ({
  ...counts,
  minutes_reading: Math.round(counts.minutes_reading * 10) / 10,
});

export type ActivityService = ReturnType<typeof createActivityService>;

export function createActivityService({ db, clock }: Deps) {
  /** The range asked for (P7's ends, 400 naming `query.end` before its start). */
  function askedInterval(query: DateRangeQuery) {
    const now = clock.now();
    const defaultStart = new Date(now.getTime() - (ACTIVITY_DEFAULT_DAYS - 1) * 86_400_000);
    return reportInterval(
      { start: query.start ?? defaultStart.toISOString().slice(0, 10), end: query.end },
      now,
    );
  }

  async function profile(studentId: number, query: DateRangeQuery) {
    const interval = await limitDays(askedInterval(query), ACTIVITY_MAX_DAYS, clock.now(), () =>
      activeDays(db, { whose: theStudent(studentId) }),
    );
    const byDay = new Map(daysOf(interval).map((day) => [day, zero()]));
    const totals = zero();
    for (const row of await countsPer(db, { whose: theStudent(studentId), interval, period: 'day' })) {
      const day = byDay.get(row.period);
      if (day) add(day, row);
      add(totals, row);
    }
    return {
      days: [...byDay].map(([date, counts]) => ({ date, ...roundMinutes(counts) })),
      totals: roundMinutes(totals),
    };
  }

  return {
    own: (actor: Actor, query: DateRangeQuery) => profile(actor.userId, query),
    async ofStudent(actor: Actor, studentId: number, query: DateRangeQuery) {
      askedInterval(query);
      await requireVisibleStudent(db, actor, studentId);
      return profile(studentId, query);
    },
  };
}
