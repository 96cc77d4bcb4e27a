import { saveFile } from '@/lib/save-file';

/**
 * A table as a CSV download; cells that a spreadsheet would run as a formula are escaped (= + - @). The CSV writer
 * loads at the first download, not with the page (docs/rules.md B2).
 */
export async function downloadCsv(
  filename: string,
  columns: readonly string[],
  rows: readonly (readonly (string | number)[])[],
) {
  const { stringify } = await import('csv-stringify/browser/esm/sync');
  const safe = (cell: string | number) =>
    typeof cell === 'string' && /^[=+\-@]/.test(cell) ? `'${cell}` : cell;
  const csv = stringify([columns, ...rows.map((row) => row.map(safe))]);
  saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), filename);
}
