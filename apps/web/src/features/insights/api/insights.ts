import { useQuery } from '@tanstack/react-query';
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
