import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from '../student-report.module.css';
import { formatDay } from '@/lib/dates';

/** "3 Mar 2026": a report is read months later and on paper, so every date carries its year. */
export const dayOf = formatDay;

interface ReportSectionProps {
  id: string;
  title: string;
  /** What the section shows, in a sentence with its period: read first, printed too. */
  summary: ReactNode;
  children?: ReactNode;
}

/** One section of the student's page or report: a titled card that a printed page never splits. */
export function ReportSection({ id, title, summary, children }: ReportSectionProps) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={`${id}-heading`}
      className={classes.section}
    >
      <Stack gap="sm">
        <Title order={3} size="h4" id={`${id}-heading`}>
          {title}
        </Title>
        <Text>{summary}</Text>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * A chart drawn for the eye beside the table of its numbers, which everyone reads (and a screen reader reads
 * instead of the drawing): numbers a teacher compares, on screen and on paper.
 */
export function ChartWithNumbers({
  chart,
  table,
  stacked = false,
}: {
  /** Nothing to draw (too few points): the table alone. */
  chart: ReactNode;
  table: ReactNode;
  /** The table under the chart, for tables too wide to sit beside it. */
  stacked?: boolean;
}) {
  if (!chart) return table;
  return (
    <div className={stacked ? classes.chartOverNumbers : classes.chartAndNumbers}>
      <div aria-hidden className={classes.chart}>
        {chart}
      </div>
      <div className={classes.numbers}>{table}</div>
    </div>
  );
}

/** A small table of figures with a caption; numbers right-aligned. */
export function FiguresTable({
  caption,
  columns,
  rows,
  numeric = [],
  screenOnly = [],
  wideOnly = [],
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly ReactNode[])[];
  /** Indexes of the columns holding numbers. */
  numeric?: readonly number[];
  /** Indexes of the columns of buttons, left off paper. */
  screenOnly?: readonly number[];
  /** Indexes of the columns a phone leaves out, so the table never scrolls sideways (X5); paper keeps them. */
  wideOnly?: readonly number[];
}) {
  const align = (index: number) => (numeric.includes(index) ? 'right' : undefined);
  const hidden = (index: number) =>
    [screenOnly.includes(index) && classes.noPrint, wideOnly.includes(index) && classes.wideOnly]
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <Table
      striped
      fz={{ base: 'xs', sm: 'sm' }}
      horizontalSpacing={6}
      verticalSpacing={4}
      className={classes.table}
    >
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column, index) => (
            <Table.Th key={column} scope="col" ta={align(index)} className={hidden(index)}>
              {column}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, rowIndex) => (
          <Table.Tr key={rowIndex}>
            {row.map((cell, index) => (
              <Table.Td key={index} ta={align(index)} className={hidden(index)}>
                {cell}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
