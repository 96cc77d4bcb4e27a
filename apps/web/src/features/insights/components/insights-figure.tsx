import { Button, Group, Text } from '@mantine/core';
import { IconDownload, IconTable } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { ChartFigure, ChartNumbers, type ChartTable } from '@/components/chart-figure';
import { downloadCsv } from '@/shared/csv/download-csv';

interface InsightsFigureProps {
  id: string;
  title: string;
  /** What the chart shows, in a sentence or two: the caption everyone reads. */
  summary: string;
  /** The chart's numbers: the table behind the toggle, the screen reader's copy and the CSV's rows. */
  table: ChartTable;
  /** The CSV's file name. */
  filename: string;
  /** The drawing; none when there is nothing to draw (the summary says so). */
  children?: ReactNode;
}

/**
 * Every chart of the insights screen (docs/rules.md IN10): a caption summing it up, the drawing, its numbers as a
 * table (a toggle shows them; screen readers always have them) and a CSV download of the same rows.
 */
export function InsightsFigure({ id, title, summary, table, filename, children }: InsightsFigureProps) {
  const [isShown, setShown] = useState(false);
  const tableId = useId();
  const footer = (
    <>
      <Group justify="end" gap="xs" mt="sm">
        <Button
          variant="subtle"
          leftSection={<IconTable aria-hidden size={18} />}
          aria-expanded={isShown}
          aria-controls={isShown ? tableId : undefined}
          onClick={() => setShown(!isShown)}
        >
          {isShown ? 'Hide the numbers' : 'Show the numbers'}
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload aria-hidden size={18} />}
          // The visible words first, then which chart (WCAG 2.5.3).
          aria-label={`Download CSV of ${title.toLowerCase()}`}
          onClick={() => void downloadCsv(filename, table.columns, table.rows)}
        >
          Download CSV
        </Button>
      </Group>
      {isShown && <NumbersTable id={tableId} caption={title} table={table} />}
    </>
  );
  return (
    <ChartFigure id={id} title={title} summary={summary} table={table} footer={footer} tableShown={isShown}>
      {children}
    </ChartFigure>
  );
}

/**
 * A chart's numbers for everyone. A wide one scrolls inside its own labelled, focusable region on a phone rather
 * than widening the page (X5).
 */
export function NumbersTable({ id, caption, table }: { id?: string; caption: string; table: ChartTable }) {
  return (
    <div
      id={id}
      role="region"
      aria-label={`${caption}, in numbers`}
      // A region that scrolls sideways takes focus, so the keyboard scrolls it too (axe scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      style={{ overflowX: 'auto' }}
      data-allow-overflow
    >
      <ChartNumbers
        caption={
          <Text size="sm" c="dimmed" component="span">
            {caption}, in numbers
          </Text>
        }
        table={table}
      />
    </div>
  );
}
