/**
 * What the insights screen shows, kept in the address (docs/rules.md IN10): the section, the period, the class and
 * the reading overview's search, sort and page, so a link or the back button brings the same screen back. A
 * department head's school (`school_id`, the frame's picker) is kept as it is.
 */
import { useSearchParams } from 'react-router';
import { usePickedSchool } from '@/shared/school-scope/school-scope';
import type { InsightsFilter, OverviewQuery, OverviewSort } from './api/insights';

const DAY_MS = 86_400_000;
/** The periods offered (STAFF-SCREENS §5: default the last 28 days; a week, a term, a year). */
export const PERIODS = [
  { value: '7', label: 'Last 7 days' },
  { value: '28', label: 'Last 28 days' },
  { value: '90', label: 'Last 90 days (a term)' },
  { value: '365', label: 'Last 365 days (a year)' },
] as const;
type PeriodDays = (typeof PERIODS)[number]['value'];
const DEFAULT_PERIOD: PeriodDays = '28';

/** The sections of the screen, each a link of its own; the first is the default. */
export const SECTIONS = [
  { value: 'overview', label: 'Overview' },
  { value: 'levels', label: 'Levels' },
  { value: 'weekly', label: 'Week by week' },
  { value: 'students', label: 'Students' },
  { value: 'skills', label: 'Skills' },
] as const;
export type Section = (typeof SECTIONS)[number]['value'];

const SORTS: readonly OverviewSort[] = [
  'name',
  'books_completed',
  'minutes_reading',
  'average_score_percent',
];

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
/** The last `days` UTC days up to today, as the server counts them (IN1). */
const periodOf = (days: PeriodDays) => ({
  start: isoDay(Date.now() - (Number(days) - 1) * DAY_MS),
  end: isoDay(Date.now()),
});

const oneOf = <T extends string>(options: readonly T[], value: string | null, fallback: T): T =>
  options.find((option) => option === value) ?? fallback;

/** The address's parts that choose the overview's rows; a change to any of them starts it at its first page. */
const FILTER_KEYS = ['period', 'class', 'search', 'sort', 'order'];

export function useInsightsAddress() {
  const [params, setParams] = useSearchParams();
  const schoolId = usePickedSchool();
  const days = oneOf(
    PERIODS.map((period) => period.value),
    params.get('period'),
    DEFAULT_PERIOD,
  );
  const classId = params.get('class') ?? '';
  const filter: InsightsFilter = {
    ...(schoolId !== undefined && { school_id: schoolId }),
    ...(Number(classId) > 0 && { class_id: Number(classId) }),
    ...periodOf(days),
  };
  const overview: OverviewQuery = {
    search: params.get('search') ?? '',
    sort: oneOf(SORTS, params.get('sort'), 'name'),
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    page: Math.max(0, Math.floor(Number(params.get('page')) || 1) - 1),
  };
  /** Sets (or with '' or null, removes) parts of the address; typing replaces the entry, a choice adds one. */
  const update = (changes: Record<string, string | null>, { replace = false } = {}) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        if (Object.keys(changes).some((key) => FILTER_KEYS.includes(key))) next.delete('page');
        return next;
      },
      { replace },
    );
  return {
    section: oneOf(
      SECTIONS.map((section) => section.value),
      params.get('section'),
      'overview',
    ),
    days,
    classId,
    schoolId,
    filter,
    overview,
    /** "last 28 days", for headings and summaries. */
    period: PERIODS.find((option) => option.value === days)!.label.toLowerCase(),
    update,
    /** The address of a section, keeping everything else. */
    hrefOf: (section: Section) => {
      const next = new URLSearchParams(params);
      if (section === 'overview') next.delete('section');
      else next.set('section', section);
      const query = next.toString();
      return query ? `?${query}` : '?';
    },
  };
}

export type InsightsAddress = ReturnType<typeof useInsightsAddress>;
export { DEFAULT_PERIOD };
