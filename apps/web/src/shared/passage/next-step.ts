/**
 * docs/rules.md C46: the one answer to "what does this student do next with this book?", from the progress the
 * server answers with a passage (R3, R32). Every screen that offers the way on (library cards, My work, the reader's
 * last page, the quiz's result, the send screen) asks here, so none says "Take the quiz" once the quiz is in, and a
 * read-aloud student's book leads to sending a recording until the server says it is finished.
 */
import type { Passage } from '@readalong/contracts';
import { paths } from '@/config/paths';

export type NextStep = 'read' | 'quiz' | 'read-aloud' | 'finished';

/** What the next step is worked out from: a passage's progress (a list's summary or a whole passage). */
export type BookProgress = Pick<
  Passage,
  'num_pages' | 'pages_completed' | 'worksheet_completed' | 'quiz_submitted' | 'recording_needed'
>;

/** R7's order: every page, then the quiz, then (read-aloud on) the recording for the teacher. */
export function nextStepOf(book: BookProgress): NextStep {
  if (book.worksheet_completed) return 'finished';
  if (book.pages_completed < book.num_pages) return 'read';
  if (!book.quiz_submitted) return 'quiz';
  if (book.recording_needed) return 'read-aloud';
  return 'finished';
}

/** The words of each step's button, the same on every screen. */
export const NEXT_STEP_LABELS: Record<NextStep, string> = {
  read: 'Keep reading',
  quiz: 'Take the quiz',
  'read-aloud': 'Read it aloud to your teacher',
  finished: 'Choose my next book',
};

/** Where each step is done: a library book's pages, or an assignment's (its worksheet's). */
export type StepLinks = Record<NextStep, string> & {
  /** Reading aloud only for oneself: heard back, never sent (a library book's practice, or an assignment's). */
  practice: string;
};

/** A library book's steps: its reader, quiz and send screen (`…/read-aloud/assignment`), then the library. */
export const libraryBookSteps = (bookId: number | string): StepLinks => ({
  read: paths.book.read.getHref(bookId),
  quiz: paths.book.quiz.getHref(bookId),
  'read-aloud': paths.book.assignment.getHref(bookId),
  finished: paths.student.powerBuilders.getHref(),
  practice: paths.book.practice.getHref(bookId),
});

/** An assigned book's steps, on its worksheet; finished leads back to the student's work. */
export const assignmentSteps = (worksheetId: number | string): StepLinks => ({
  read: paths.studentAssignment.read.getHref(worksheetId),
  quiz: paths.studentAssignment.quiz.getHref(worksheetId),
  'read-aloud': paths.studentAssignment.assignment.getHref(worksheetId),
  finished: paths.student.myWork.getHref(),
  practice: paths.studentAssignment.practice.getHref(worksheetId),
});
