import type { Body, contracts, Teacher } from '@readalong/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useRefreshRoster } from './classes';
import type { SchoolScope } from '@/shared/school-scope/school-scope';

export type StaffMember = z.infer<typeof Teacher>;

export const staffQueryOptions = (scope: SchoolScope) =>
  queryOptions({
    queryKey: ['staff', scope],
    queryFn: async () => (await api('listTeachers', { query: scope })).teacher,
  });

/** The staff of the school in scope (a department head's: the district's, or the chosen school's). */
export const useStaff = (scope: SchoolScope) => useQuery(staffQueryOptions(scope));

export type NewUser = Body<typeof contracts.batchCreateUsers>['users'][number];

/** Creates accounts of any role, all or none (owners and department heads). */
export function useCreateUsers() {
  const refresh = useRefreshRoster();
  return useMutation({
    mutationFn: (users: NewUser[]) => api('batchCreateUsers', { body: { users } }),
    onSuccess: refresh,
  });
}

/** Deletes accounts, all or none; never the caller's own. */
export function useDeleteUsers() {
  const refresh = useRefreshRoster();
  return useMutation({
    mutationFn: (userIds: number[]) => api('batchDeleteUsers', { body: { user_ids: userIds } }),
    onSuccess: refresh,
  });
}
