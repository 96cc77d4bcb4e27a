import { PROGRESSION } from '@readalong/contracts';
import { Badge } from '@mantine/core';

/** A quiz score: green from the pass mark up (PRODUCT.md §3), calm blue below it, never red for a child. */
export function ScoreBadge({ scorePercent, label = 'Quiz' }: { scorePercent: number; label?: string }) {
  const passed = scorePercent >= PROGRESSION.passPercent;
  return (
    <Badge
      size="lg"
      radius="sm"
      tt="none"
      variant={passed ? 'filled' : 'light'}
      color={passed ? 'green.9' : 'indigo'}
    >
      {label}: {Math.round(scorePercent)}%
    </Badge>
  );
}
