import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The schools the signed-in user can see: a department head's are the district's (docs/rules.md A3). */
export const schoolsQueryOptions = () =>
  queryOptions({
    queryKey: ['static-data', 'schools'],
    queryFn: () => api('getStaticSchools'),
    // Schools change a few times a year; one fetch per visit is plenty.
    staleTime: Infinity,
  });

/** The schools the signed-in user can see. */
export const useSchools = () => useQuery(schoolsQueryOptions());
