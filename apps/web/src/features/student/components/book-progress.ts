import { nextStepOf } from '@/shared/passage/next-step';
import type { BookSummary } from '../api/list-passages';

/** A book is finished once the server says its worksheet is complete (pages, quiz and recording, docs/rules.md R7, C12). */
export const isFinished = (book: BookSummary) => book.worksheet_completed;

/**
 * The book's state as its next step names it (C12, C46): "Finished", "Read aloud next" once the quiz is in and the
 * teacher still waits for a recording, "Quiz next" once every page is read, "Page N of M" while reading, or "New".
 */
export function progressLabel(book: BookSummary): string {
  if (isFinished(book)) return 'Finished';
  switch (nextStepOf(book)) {
    case 'read':
      return book.pages_completed > 0 ? `Page ${book.pages_completed} of ${book.num_pages}` : 'New';
    case 'quiz':
      return 'Quiz next';
    case 'read-aloud':
      return 'Read aloud next';
    case 'finished':
      // Every step done, the server not yet saying so: nothing is left to ask of the child.
      return 'Nearly done';
  }
}
