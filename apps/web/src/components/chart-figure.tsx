import { Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { HorizontalBarChart } from './charts/horizontal-bar-chart';
import type { ReferenceLine } from './charts/parts';

export interface ChartTable {
  /** Column headings. */
  columns: readonly string[];
  /** One row per data point, cells in column order. */
  rows: readonly (readonly (string | number)[])[];
}

interface ChartFigureProps {
  id: string;
  title: string;
  /** One or two sentences saying what the chart shows: read by everyone, the chart's caption. */
  summary: string;
  /** The chart's numbers as a table, for screen readers. */
  table: ChartTable;
  /** The chart itself: drawn for the eye only, since the summary and the table say what it shows. */
  children: ReactNode;
  /** Under the figure: its controls (a download, the numbers shown as a table). */
  footer?: ReactNode;
  /** The footer shows the table for everyone: no second, hidden copy for screen readers. */
  tableShown?: boolean;
}

/**
 * A chart with its text alternatives: a visible caption that sums it up, and a table of its numbers that screen
 * readers read instead of the drawing.
 */
export function ChartFigure({
  id,
  title,
  summary,
  table,
  children,
  footer,
  tableShown = false,
}: ChartFigureProps) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={`${id}-heading`}>
      <Title order={2} size="h4" id={`${id}-heading`} mb="sm">
        {title}
      </Title>
      <Stack gap="md" component="figure" m={0}>
        <Text size="lg" component="figcaption">
          {summary}
        </Text>
        <div aria-hidden>{children}</div>
        {!tableShown && (
          <VisuallyHidden>
            <ChartNumbers caption={title} table={table} />
          </VisuallyHidden>
        )}
      </Stack>
      {footer}
    </Paper>
  );
}

/** A chart's numbers as a table: a heading per column, a row per data point. */
export function ChartNumbers({ caption, table }: { caption: ReactNode; table: ChartTable }) {
  return (
    <Table>
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {table.columns.map((column) => (
            <Table.Th key={column} scope="col">
              {column}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {table.rows.map((row, index) => (
          <Table.Tr key={index}>
            {row.map((cell, column) => (
              <Table.Td key={column}>{cell}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

interface PercentBarsProps<T extends Record<string, string | number>> {
  data: readonly T[];
  nameKey: keyof T & string;
  valueKey: keyof T & string;
  /** A bar at or above this is drawn in `goodColour`; the rest in a calm blue, never alarming red. */
  goodFrom: number;
  goodColour: string;
  /** Upright lines at a percentage (the pass mark), labelled above the bars. */
  referenceLines?: readonly ReferenceLine[];
}

const percent = (value: number) => `${value}%`;

/** Named bars from 0 to 100 % (quiz scores of books, skill scores), each labelled with its value. */
export function PercentBars<T extends Record<string, string | number>>({
  data,
  nameKey,
  valueKey,
  goodFrom,
  goodColour,
  referenceLines,
}: PercentBarsProps<T>) {
  return (
    <HorizontalBarChart
      bars={data.map((datum) => {
        const value = Number(datum[valueKey]);
        return { name: String(datum[nameKey]), value, color: value >= goodFrom ? goodColour : 'indigo.6' };
      })}
      domain={[0, 100]}
      ticks={[0, 25, 50, 75, 100]}
      format={percent}
      referenceLines={referenceLines}
    />
  );
}
