import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The signed-in student's level, coins and reading options (GET /v2/students/user-details). */
export const userDetailsQueryOptions = () =>
  queryOptions({
    queryKey: ['students', 'user-details'],
    queryFn: () => api('getUserDetails'),
  });

/** The signed-in student's level, coins and reading options. */
export const useUserDetails = () => useQuery(userDetailsQueryOptions());
