import type { Body, Class, Response, contracts } from '@readalong/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import type { SchoolScope } from '@/shared/school-scope/school-scope';

export type TeacherClass = z.infer<typeof Class>;
export type AssignmentActivity = Response<typeof contracts.getAssignmentsActivity>['assignments'][number];
export type StudentProgress = AssignmentActivity['students'][number];
export type NewAssignment = Body<typeof contracts.createAssignment>;
export type AssignmentChanges = Body<typeof contracts.updateAssignment>;

/** Every read about assignments starts with this key, so a change rereads them all (the student's too). */
const ASSIGNMENTS_KEY = ['worksheets', 'assignments'] as const;

/**
 * The classes the caller may assign to: a teacher's own, an owner's school's, a department head's of the school
 * picked in the frame (docs/rules.md A5, C28).
 */
export const useTeacherClasses = (scope: SchoolScope) =>
  useQuery({
    queryKey: ['classes', 'list', scope],
    queryFn: async () => (await api('listClasses', { query: scope })).classes,
  });

export const useClassStudents = (classId: number | null) =>
  useQuery({
    queryKey: ['classes', classId, 'students'],
    queryFn: async () => (await api('getClassStudents', { params: { id: classId! } })).students,
    enabled: classId !== null,
  });

export const assignmentsActivityQueryOptions = (classId: number) =>
  queryOptions({
    queryKey: [...ASSIGNMENTS_KEY, 'activity', classId],
    queryFn: async () => (await api('getAssignmentsActivity', { query: { class_id: classId } })).assignments,
  });

export const useAssignmentsActivity = (classId: number | null) =>
  useQuery({ ...assignmentsActivityQueryOptions(classId ?? 0), enabled: classId !== null });

/** Every skill builder, by colour band, to assign like a book (GET /v1/worksheets/skill-builders). */
export const useSkillBuilders = (enabled: boolean) =>
  useQuery({
    enabled,
    queryKey: ['passages', 'skill-builders', {}],
    queryFn: async () => (await api('listSkillBuilders')).skill_builders,
  });

function useRefreshAssignments() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ASSIGNMENTS_KEY });
}

export function useCreateAssignment() {
  const refresh = useRefreshAssignments();
  return useMutation({
    mutationFn: (body: NewAssignment) => api('createAssignment', { body }),
    onSuccess: refresh,
  });
}

export function useUpdateAssignment() {
  const refresh = useRefreshAssignments();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: AssignmentChanges }) =>
      api('updateAssignment', { params: { id }, body: changes }),
    onSuccess: refresh,
  });
}

export function useDeleteAssignment() {
  const refresh = useRefreshAssignments();
  return useMutation({
    mutationFn: (id: number) => api('deleteAssignment', { params: { id } }),
    onSuccess: refresh,
  });
}
