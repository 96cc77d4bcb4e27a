import type { Body, contracts, StudentSummary } from '@readalong/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useRefreshRoster } from './classes';
import type { SchoolScope } from '@/shared/school-scope/school-scope';

export type ManagedStudent = z.infer<typeof StudentSummary>;

/** Rows per page of the students list. */
export const STUDENTS_PAGE_SIZE = 25;

export interface StudentsFilter {
  scope: SchoolScope;
  /** Part of a name or username; the server searches, so every student of a large school is reachable. */
  search: string;
  /** 0-based. */
  page: number;
}

export const studentsQueryOptions = ({ scope, search, page }: StudentsFilter) =>
  queryOptions({
    queryKey: ['students', 'list', scope, search, page],
    queryFn: () =>
      api('listStudents', {
        query: { ...scope, search: search || undefined, page, limit: STUDENTS_PAGE_SIZE },
      }),
  });

/** One page of students; the page shown stays while the next one loads, so the table does not jump. */
export const useStudentList = (filter: StudentsFilter) =>
  useQuery({ ...studentsQueryOptions(filter), placeholderData: keepPreviousData });

export type NewStudents = Body<typeof contracts.batchCreateStudents>;

/** Creates students in a class, all or none; the answer holds each one's first password. */
export function useCreateStudents() {
  const refresh = useRefreshRoster();
  return useMutation({
    mutationFn: (body: NewStudents) => api('batchCreateStudents', { body }),
    onSuccess: refresh,
  });
}

/** The student takes placement again from the chosen series (R17). */
export function useResetPlacement() {
  const refresh = useRefreshRoster();
  return useMutation({
    mutationFn: ({ studentId, seriesId }: { studentId: number; seriesId: number }) =>
      api('resetStudent', { params: { id: studentId }, body: { starting_point: seriesId } }),
    onSuccess: refresh,
  });
}

export type Placement = Body<typeof contracts.placeStudent>;

/** Places a student by hand at a series and band (ManualPlacement). */
export function usePlaceStudent() {
  const refresh = useRefreshRoster();
  return useMutation({
    mutationFn: ({ studentId, placement }: { studentId: number; placement: Placement }) =>
      api('placeStudent', { params: { id: studentId }, body: placement }),
    onSuccess: refresh,
  });
}

/** Lifts a sign-in lockout (docs/rules.md S8): the student may sign in again at once. */
export function useUnlockStudent() {
  return useMutation({
    mutationFn: (username: string) => api('lock', { body: { username, locked: false } }),
  });
}
