import { CLASS_OVERVIEW_PAGE_SIZE, type contracts, type Response } from '@readalong/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** What every insights figure is filtered by (docs/rules.md IN1): a department head's school, a class, a period. */
export interface InsightsFilter {
  school_id?: number;
  class_id?: number;
  start: string;
  end: string;
}

const defined = <T extends object>(query: T) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as T;

export const useInsightsTotals = (filter: InsightsFilter) =>
  useQuery({
    queryKey: ['insights', 'totals', filter],
    queryFn: () => api('getInsights', { query: defined(filter) }),
  });

export const useDailyActivity = (filter: InsightsFilter) =>
  useQuery({
    queryKey: ['insights', 'activity', filter],
    queryFn: async () => (await api('getClassActivity', { query: defined(filter) })).days,
  });

export const useColourBands = ({ school_id, class_id }: InsightsFilter) =>
  useQuery({
    queryKey: ['insights', 'colour-bands', school_id, class_id],
    queryFn: () => api('getStudentColourBandBySeries', { query: defined({ school_id, class_id }) }),
  });

/** The classes the filter offers: those in the caller's scope, of the picked school. */
export const useClassChoices = (schoolId: number | undefined) =>
  useQuery({
    queryKey: ['insights', 'classes', schoolId],
    queryFn: async () => (await api('listClasses', { query: defined({ school_id: schoolId }) })).classes,
  });

export type LevelProgression = Response<typeof contracts.getLevelProgression>;

/** A page (from 0) of the level changes over the period, with the counts of each reason (IN6). */
export const useLevelProgression = (filter: InsightsFilter, page: number) =>
  useQuery({
    queryKey: ['insights', 'level-progression', filter, page],
    queryFn: () => api('getLevelProgression', { query: defined({ ...filter, page }) }),
    placeholderData: keepPreviousData,
  });

export type ClassWeeks = Response<typeof contracts.getClassWeeklyActivity>;

/**
 * The last 8 weeks of the classes in scope, a page (from 0) of 20 by name (IN5); with a class picked, that class's
 * alone.
 */
export const useWeeklyActivity = ({ school_id, class_id }: InsightsFilter, page: number) =>
  useQuery({
    queryKey: ['insights', 'weekly-activity', school_id, class_id, page],
    queryFn: async () =>
      class_id === undefined
        ? api('getWeeklyActivity', { query: defined({ school_id, page, all: 'true' as const }) })
        : {
            classes: [await api('getClassWeeklyActivity', { params: { id: class_id } })],
            page: 0,
            has_more: false,
          },
    placeholderData: keepPreviousData,
  });

export type ReadingRow = Response<typeof contracts.getClassesReadingOverview>['students'][number];

export type OverviewSort = 'name' | 'books_completed' | 'minutes_reading' | 'average_score_percent';

/** How the reading overview is searched, sorted and paged (IN8); all of it kept in the address. */
export interface OverviewQuery {
  search: string;
  sort: OverviewSort;
  order: 'asc' | 'desc';
  /** From 0, as the calls count pages. */
  page: number;
}

/**
 * A page of the reading overview (IN8), searched and sorted by the server. IN8 has no class filter, so with a class
 * picked its students come whole (IN7, a class is small) and are searched, sorted and paged here the same way.
 */
export const useReadingOverview = (filter: InsightsFilter, query: OverviewQuery) =>
  useQuery({
    queryKey: ['insights', 'reading-overview', filter, query],
    queryFn: async () => {
      const { class_id, ...scope } = filter;
      if (class_id === undefined) {
        const search = query.search === '' ? undefined : query.search;
        return api('getClassesReadingOverviewPaginated', { query: defined({ ...scope, ...query, search }) });
      }
      const { students } = await api('getClassesReadingOverview', {
        query: { class_ids: String(class_id), start: filter.start, end: filter.end },
      });
      return pageOf(students, query);
    },
    placeholderData: keepPreviousData,
  });

export const READING_PAGE_SIZE = CLASS_OVERVIEW_PAGE_SIZE;

const matches = (student: ReadingRow, search: string) =>
  [student.first_name, student.last_name, student.username, student.name].some((text) =>
    text.toLocaleLowerCase().includes(search.toLocaleLowerCase()),
  );

/** IN8's order: by the figure, students without one last, ties by last then first name. */
function compareBy(sort: OverviewSort, order: 'asc' | 'desc') {
  const byName = (a: ReadingRow, b: ReadingRow) =>
    a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name);
  const direction = order === 'asc' ? 1 : -1;
  if (sort === 'name') return (a: ReadingRow, b: ReadingRow) => direction * byName(a, b);
  return (a: ReadingRow, b: ReadingRow) => {
    const [x, y] = [a[sort], b[sort]];
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    return direction * (x - y) || byName(a, b);
  };
}

/** One class's students searched, sorted and paged as IN8 does it. */
export function pageOf(students: ReadingRow[], { search, sort, order, page }: OverviewQuery) {
  const found = students.filter((student) => matches(student, search)).sort(compareBy(sort, order));
  const from = page * READING_PAGE_SIZE;
  return {
    students: found.slice(from, from + READING_PAGE_SIZE),
    page,
    limit: READING_PAGE_SIZE,
    total: found.length,
  };
}

/** Score per learning outcome over the period (IN9), with the taxonomy's names and topic groups beside them. */
export const useOutcomePerformance = (filter: InsightsFilter) =>
  useQuery({
    queryKey: ['insights', 'learning-outcomes', filter],
    queryFn: async () => {
      const [scores, taxonomy] = await Promise.all([
        api('getLearningOutcomePerformance', { query: defined(filter) }),
        api('getTopics'),
      ]);
      return { scores: scores.learning_outcome_performances, taxonomy };
    },
  });
