import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@/lib/api-client';

const DAY_MS = 86_400_000;
/** The term the overview counts books and level moves over: the last 90 days up to today (docs/rules.md C44). */
export const TERM_DAYS = 90;

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const termOf = (now: number) => ({ start: isoDay(now - (TERM_DAYS - 1) * DAY_MS), end: isoDay(now) });

/** One school's figures on the district overview (docs/rules.md C44). */
export interface SchoolFigures {
  id: number;
  name: string;
  students: number;
  /** Active in the last 7 days (IN2). */
  activeThisWeek: number;
  /** Power builders completed over the term (IN3). */
  booksRead: number;
  /** Bands moved up less bands moved down over the term (IN6), per student; null without students. */
  levelGain: number | null;
  /** Read-aloud recordings not graded yet, whenever made (IN3). */
  recordingsWaiting: number;
  seatsUsed: number;
  seatsTotal: number;
}

/** A school's figures from the calls insights and licences serve, each narrowed by `school_id` (IN1, LP2). */
async function figuresOf(school: { id: number; name: string }, term: { start: string; end: string }) {
  const scope = { school_id: school.id };
  const [count, totals, levels, seats] = await Promise.all([
    api('getStudentCount', { query: scope }),
    api('getInsights', { query: { ...scope, ...term } }),
    api('getLevelProgression', { query: { ...scope, ...term } }),
    api('getLicensePackUsage', { query: scope }),
  ]);
  const moves = (reason: 'level_up' | 'level_down') =>
    levels.reasons.find((row) => row.reason === reason)?.change_count ?? 0;
  const students = count.student_count;
  return {
    id: school.id,
    name: school.name,
    students,
    activeThisWeek: count.active_student_count,
    booksRead: totals.books_completed,
    levelGain: students === 0 ? null : (moves('level_up') - moves('level_down')) / students,
    recordingsWaiting: totals.recordings_waiting,
    seatsUsed: seats.seats_used,
    seatsTotal: seats.seats_total,
  } satisfies SchoolFigures;
}

/** The district's schools (GET /v1/school), then each school's figures. */
export function useDistrictOverview() {
  const schools = useQuery({ queryKey: ['district', 'schools'], queryFn: () => api('listSchools') });
  // Fixed when the page opens, so the figures do not shift under the reader at midnight.
  const [term] = useState(() => termOf(Date.now()));
  const rows = useQueries({
    queries: (schools.data?.schools ?? []).map((school) => ({
      queryKey: ['district', 'school-figures', school.id, term.start],
      queryFn: () => figuresOf(school, term),
    })),
  });
  return { schools, rows, term };
}
