/**
 * The teacher's students list as data (docs/rules.md C34): what needs attention, the filters and the sort orders.
 * Attention is read from the students' live state, not from alerts, which the alerts screen marks seen.
 */
import { PROGRESSION } from '@readalong/contracts';
import { levelLabel } from '@/lib/levels';
import type { StudentOverview } from './api/student-overview';
import { plural } from '@/lib/plural';

const DAY_MS = 86_400_000;

export interface Signal {
  kind: 'recordings' | 'failed' | 'inactive' | 'unplaced';
  label: string;
}

/** Whole days since the student was last active; null if they never were. */
export function daysInactive(student: StudentOverview, now: number): number | null {
  if (student.last_active_at === null) return null;
  return Math.floor((now - Date.parse(student.last_active_at)) / DAY_MS);
}

/** What needs the teacher, most pressing first. */
export function attentionOf(student: StudentOverview, now: number): Signal[] {
  const signals: Signal[] = [];
  if (student.recordings_to_review > 0) {
    const label = plural(student.recordings_to_review, 'recording', 'recordings');
    signals.push({ kind: 'recordings', label: `${label} to review` });
  }
  if (student.failed_quizzes > 0) {
    signals.push({ kind: 'failed', label: plural(student.failed_quizzes, 'failed quiz', 'failed quizzes') });
  }
  const days = daysInactive(student, now);
  if (days === null) signals.push({ kind: 'inactive', label: 'not active yet' });
  else if (days >= PROGRESSION.inactiveAfterDays)
    signals.push({ kind: 'inactive', label: `inactive ${days} days` });
  if (student.colour_band_id === null) signals.push({ kind: 'unplaced', label: 'not placed' });
  return signals;
}

export type SortKey = 'attention' | 'name' | 'class' | 'level' | 'books' | 'quiz' | 'wpm' | 'wcpm';
export type Direction = 'ascending' | 'descending';
export interface Sort {
  key: SortKey;
  direction: Direction;
}

/** Attention first (most signals, then most recordings to review), then by name: the list's default order. */
export const DEFAULT_SORT: Sort = { key: 'attention', direction: 'descending' };

const byName = (a: StudentOverview, b: StudentOverview) =>
  a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name);

const classNames = (student: StudentOverview) => student.classes.map((klass) => klass.name).join(', ');

/** Each column's value to sort by; null sorts last whichever the direction. */
function valueOf(key: SortKey, student: StudentOverview, now: number): number | string | null {
  switch (key) {
    case 'attention':
      return attentionOf(student, now).length * 1000 + student.recordings_to_review;
    case 'name':
      return null;
    case 'class':
      return classNames(student) || null;
    case 'level':
      return student.colour_band_id;
    case 'books':
      return student.books_this_week;
    case 'quiz':
      return student.last_quiz?.score_percent ?? null;
    case 'wpm':
      return student.latest_wpm;
    case 'wcpm':
      return student.latest_wcpm;
  }
}

function compareValues(a: number | string | null, b: number | string | null, direction: Direction) {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const order = typeof a === 'string' ? a.localeCompare(String(b)) : a - (b as number);
  return direction === 'ascending' ? order : -order;
}

/** The students in the order asked for; ties by name. */
export function sortStudents(students: readonly StudentOverview[], sort: Sort, now: number) {
  const nameOrder = (a: StudentOverview, b: StudentOverview) =>
    sort.key === 'name' && sort.direction === 'descending' ? byName(b, a) : byName(a, b);
  return [...students].sort(
    (a, b) =>
      compareValues(valueOf(sort.key, a, now), valueOf(sort.key, b, now), sort.direction) || nameOrder(a, b),
  );
}

export interface Filter {
  classId: number | null;
  search: string;
}

/** The students of the class chosen whose name (or username) holds the search, whatever its case. */
export function filterStudents(students: readonly StudentOverview[], filter: Filter) {
  const search = filter.search.trim().toLocaleLowerCase();
  return students.filter(
    (student) =>
      (filter.classId === null || student.classes.some((klass) => klass.id === filter.classId)) &&
      (search === '' ||
        student.name.toLocaleLowerCase().includes(search) ||
        student.username.toLocaleLowerCase().includes(search)),
  );
}

/** The classes the students are in, by name, for the class filter. */
export function classesOf(students: readonly StudentOverview[]) {
  const classes = new Map<number, string>();
  for (const student of students) for (const klass of student.classes) classes.set(klass.id, klass.name);
  return [...classes].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

export const levelOf = (student: StudentOverview) => levelLabel(student.series, student.colour_band_id);
export { classNames };
