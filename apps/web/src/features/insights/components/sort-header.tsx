import { Table, UnstyledButton, type MantineBreakpoint, type TableThProps } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';

export interface SortState<K extends string> {
  key: K;
  order: 'asc' | 'desc';
}

/**
 * A column heading that sorts the list by its column, saying how with aria-sort: a second press turns the order
 * round; names read A→Z first, figures highest first.
 */
export function SortHeader<K extends string>({
  column,
  label,
  sort,
  onSort,
  firstOrder,
  visibleFrom,
  w,
}: {
  column: K;
  label: string;
  sort: SortState<K>;
  onSort: (sort: SortState<K>) => void;
  firstOrder: 'asc' | 'desc';
  visibleFrom?: MantineBreakpoint;
  w?: TableThProps['w'];
}) {
  const isActive = sort.key === column;
  const Icon = !isActive ? IconArrowsSort : sort.order === 'asc' ? IconSortAscending : IconSortDescending;
  const next = isActive ? (sort.order === 'asc' ? 'desc' : 'asc') : firstOrder;
  return (
    <Table.Th
      scope="col"
      aria-sort={isActive ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}
      visibleFrom={visibleFrom}
      w={w}
    >
      <UnstyledButton onClick={() => onSort({ key: column, order: next })} fz="sm" fw={700} ta="start">
        {label} <Icon size={14} aria-hidden style={{ verticalAlign: 'middle' }} />
      </UnstyledButton>
    </Table.Th>
  );
}
