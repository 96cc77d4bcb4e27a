import { PROGRESSION } from '@readalong/contracts';
import { Badge } from '@mantine/core';

/** A quiz score: green from the pass mark up (docs/rules.md L7), calm blue below it, never red for a child. */
export function ScoreBadge({ scorePercent, label = 'Quiz' }: { scorePercent: number; label?: string }) {
  const passed = scorePercent >= PROGRESSION.passPercent;
  return (
    <Badge
      size="lg"
      radius="sm"
      tt="none"
      variant={passed ? 'filled' : 'light'}
      color={passed ? 'green' : 'indigo'}
    >
      {label}: {Math.round(scorePercent)}%
    </Badge>
  );
}
