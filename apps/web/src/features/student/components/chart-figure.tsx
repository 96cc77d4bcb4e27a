import { Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

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
}

/**
 * A chart with its text alternatives: a visible caption that sums it up, and a table of its numbers that screen
 * readers read instead of the drawing.
 */
export function ChartFigure({ id, title, summary, table, children }: ChartFigureProps) {
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
        <VisuallyHidden>
          <Table>
            <Table.Caption>{title}</Table.Caption>
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
        </VisuallyHidden>
      </Stack>
    </Paper>
  );
}

/**
 * The room a bar chart of named bars (book titles, skills) gives each name: on a phone the bars need the width,
 * so the names get a narrow column and wrap onto more lines, and each bar's row grows to fit them.
 */
export function useNameAxis({ wideRow, narrowRow }: { wideRow: number; narrowRow: number }) {
  const isWide = useMediaQuery('(min-width: 48em)') ?? false;
  return isWide ? { width: 200, rowHeight: wideRow } : { width: 104, rowHeight: narrowRow };
}

/** Room right of the longest bar for its value label ("100%"). */
export const BAR_VALUE_MARGIN = { right: 44 };
