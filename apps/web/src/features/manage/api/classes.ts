import type { Body, Class, contracts } from '@readalong/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import type { SchoolScope } from '@/shared/school-scope/school-scope';

export type ManagedClass = z.infer<typeof Class>;

/** Every query about classes starts with this key, so a change rereads them all (the teacher's list too). */
const CLASSES_KEY = ['classes'] as const;

export const classesQueryOptions = (scope: SchoolScope) =>
  queryOptions({
    queryKey: [...CLASSES_KEY, 'list', scope],
    queryFn: async () => (await api('listClasses', { query: scope })).classes,
  });

export const useClassList = (scope: SchoolScope) => useQuery(classesQueryOptions(scope));

export const classQueryOptions = (classId: number) =>
  queryOptions({
    queryKey: [...CLASSES_KEY, classId],
    queryFn: () => api('getClass', { params: { id: classId } }),
  });

export const useClass = (classId: number) => useQuery(classQueryOptions(classId));

export const classStudentsQueryOptions = (classId: number) =>
  queryOptions({
    queryKey: [...CLASSES_KEY, classId, 'students'],
    queryFn: async () => (await api('getClassStudents', { params: { id: classId } })).students,
  });

export const useClassStudents = (classId: number) => useQuery(classStudentsQueryOptions(classId));

/** After any change to classes or enrolments: classes, their students and the student lists are read again. */
export function useRefreshRoster() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: CLASSES_KEY }),
      queryClient.invalidateQueries({ queryKey: ['students'] }),
      queryClient.invalidateQueries({ queryKey: ['staff'] }),
    ]);
}

export type NewClass = Body<typeof contracts.createClass>;

export function useCreateClasses() {
  const refresh = useRefreshRoster();
  return useMutation({
    mutationFn: (classes: NewClass[]) => api('batchCreateClasses', { body: { classes } }),
    onSuccess: refresh,
  });
}

export type ClassChange = Body<typeof contracts.updateClass>;

export function useUpdateClass(classId: number) {
  const refresh = useRefreshRoster();
  return useMutation({
    mutationFn: (change: ClassChange) => api('updateClass', { params: { id: classId }, body: change }),
    onSuccess: refresh,
  });
}

/** Takes students out of a class; their accounts and work stay. */
export function useRemoveFromClass(classId: number) {
  const refresh = useRefreshRoster();
  return useMutation({
    mutationFn: (studentIds: number[]) =>
      api('removeClassStudents', { params: { id: classId }, body: { student_ids: studentIds } }),
    onSuccess: refresh,
  });
}

/** Enrols students of the school in a class, within its capacity; with `fromClassId` they leave that class (a move). */
export function useEnrolInClass() {
  const refresh = useRefreshRoster();
  return useMutation({
    mutationFn: ({
      classId,
      studentIds,
      fromClassId,
    }: {
      classId: number;
      studentIds: number[];
      fromClassId?: number;
    }) =>
      api('enrolClassStudents', {
        params: { id: classId },
        body: { student_ids: studentIds, ...(fromClassId && { from_class_id: fromClassId }) },
      }),
    onSuccess: refresh,
  });
}
