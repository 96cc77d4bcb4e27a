import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Whether the student has assignments they have not seen yet, and how many (docs/rules.md P6). */
export const newAssignmentsQueryOptions = () =>
  queryOptions({
    queryKey: ['worksheets', 'assignments', 'have-new'],
    queryFn: () => api('haveNewAssignments'),
  });

export const useNewAssignments = () => useQuery(newAssignmentsQueryOptions());
