/** Where a student stands against each target of their goal (P9), for their own report and the staff's overview. */
import type { contracts, Response } from '@readalong/contracts';
import type { Goal } from '../goals/goals.service.js';

type GoalProgress = Response<typeof contracts.getReadingOverview>['goals'][number];

/** Where the student stands against each target their goal sets. */
export function goalProgress(
  goal: Goal | undefined,
  current: { lexile: number | null; wpm: number | null; wcpm: number | null },
): GoalProgress[] {
  if (!goal) return [];
  const targets = [
    {
      kind: 'lexile' as const,
      target: goal.targetLexile,
      current: current.lexile,
      achievedAt: goal.achievedLexileAt,
    },
    { kind: 'wpm' as const, target: goal.targetWpm, current: current.wpm, achievedAt: goal.achievedWpmAt },
    {
      kind: 'wcpm' as const,
      target: goal.targetWcpm,
      current: current.wcpm,
      achievedAt: goal.achievedWcpmAt,
    },
  ];
  return targets
    .filter((entry) => entry.target !== null)
    .map((entry) => ({
      kind: entry.kind,
      target: entry.target!,
      current: entry.current,
      target_date: goal.targetDate,
      achieved_at: entry.achievedAt?.toISOString() ?? null,
    }));
}
