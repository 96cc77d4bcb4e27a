import type { Goal, GoalSettingsEntry } from '@readalong/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type ReadingGoal = z.infer<typeof Goal>;
export type StudentGoalRow = z.infer<typeof GoalSettingsEntry>;

export const goalSettingsQueryOptions = (classId: number) =>
  queryOptions({
    queryKey: ['classes', classId, 'goal-settings'],
    queryFn: () => api('getGoalSettings', { query: { class_id: classId } }),
  });

export const useGoalSettings = (classId: number) => useQuery(goalSettingsQueryOptions(classId));

/** The class's default goal (null removes it, docs/rules.md G2); the answer is the class's settings as saved. */
export function useSaveClassGoal(classId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (goal: ReadingGoal | null) =>
      api('updateGoalSettings', { query: { class_id: classId }, body: { settings: { class_goal: goal } } }),
    onSuccess: (saved) => client.setQueryData(goalSettingsQueryOptions(classId).queryKey, saved),
  });
}

/** One student's own goal (null: the class's applies again, G2). */
export function useSaveStudentGoal(classId: number, studentId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (goal: ReadingGoal | null) =>
      api('setStudentGoal', { params: { id: studentId }, body: { goal } }),
    onSuccess: ({ goal }) =>
      client.setQueryData(goalSettingsQueryOptions(classId).queryKey, (settings) =>
        settings
          ? {
              ...settings,
              goal_settings: settings.goal_settings.map((row) =>
                row.student_id === studentId ? { ...row, goal } : row,
              ),
            }
          : settings,
      ),
  });
}
