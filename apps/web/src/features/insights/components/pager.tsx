import { Pagination } from '@mantine/core';

/** Pages of a list the server pages (0-based, as the calls count them); nothing when one page holds it all. */
export function Pager({
  label,
  page,
  pages,
  onChange,
}: {
  label: string;
  page: number;
  pages: number;
  onChange: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label}>
      <Pagination
        total={pages}
        value={page + 1}
        onChange={(chosen) => onChange(chosen - 1)}
        getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        getItemProps={(number) => ({
          'aria-label': `Page ${number}`,
          'aria-current': number === page + 1 ? 'page' : undefined,
        })}
        siblings={0}
        boundaries={1}
      />
    </nav>
  );
}

/** "Students 51–100 of 230": which rows of the list a page shows. */
export function rangeOf(page: number, size: number, shown: number, total: number) {
  const first = page * size + 1;
  return shown === 0 ? `0 of ${total}` : `${first}–${first + shown - 1} of ${total}`;
}
