import { Group, Progress, Stack, Text } from '@mantine/core';

/** Counts as people read them in the screen's English: 12,000. */
export const formatCount = (count: number) => count.toLocaleString('en-GB');

interface ImportProgressProps {
  done: number;
  /** null while the job has not counted the rows yet: the bar moves without a number. */
  total: number | null;
  /** The past participle beside the numbers: "checked" gives "12,000 of 40,000 rows checked", and the bar's name "Rows checked". */
  verb: string;
}

/** A job's progress as a bar with its numbers beside it (docs/rules.md C33); unknown totals animate instead. */
export function ImportProgress({ done, total, verb }: ImportProgressProps) {
  const isCounted = total !== null && total > 0;
  const words = isCounted
    ? `${formatCount(done)} of ${formatCount(total)} rows ${verb}`
    : `${formatCount(done)} rows ${verb}`;
  return (
    <Stack gap={6} maw={560}>
      <ProgressBar
        label={`Rows ${verb}`}
        percent={isCounted ? Math.min(100, Math.floor((done / total) * 100)) : null}
      />
      <Group justify="space-between" gap="xs">
        <Text size="sm">{words}</Text>
        {isCounted && (
          <Text size="sm" fw={700}>
            {Math.floor((done / total) * 100)}%
          </Text>
        )}
      </Group>
    </Stack>
  );
}

/**
 * A bar with a screen reader's name. `percent` null: the amount is unknown, so the bar moves and is announced as an
 * indeterminate progress bar (no value), not as a false "100%".
 */
export function ProgressBar({ label, percent }: { label: string; percent: number | null }) {
  const isKnown = percent !== null;
  return (
    <Progress.Root size="lg" {...(!isKnown && { role: 'progressbar', 'aria-label': label })}>
      <Progress.Section
        value={percent ?? 100}
        striped={!isKnown}
        animated={!isKnown}
        withAria={isKnown}
        aria-label={isKnown ? label : undefined}
      />
    </Progress.Root>
  );
}
