import type { BookSummary } from '../api/list-passages';

/** A book is finished once the server says its worksheet is complete (pages, quiz and recording, docs/rules.md R7, C12). */
export const isFinished = (book: BookSummary) => book.worksheet_completed;

/** "Finished", "Quiz next" once every page is read, "Page N of M" while reading, or "New" before the first page. */
export function progressLabel(book: BookSummary): string {
  if (isFinished(book)) return 'Finished';
  if (book.pages_completed >= book.num_pages) return 'Quiz next';
  if (book.pages_completed > 0) return `Page ${book.pages_completed} of ${book.num_pages}`;
  return 'New';
}
