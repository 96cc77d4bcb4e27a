import { describe, expect, it } from 'vitest';
import { assignmentSteps, libraryBookSteps, nextStepOf, type BookProgress } from './next-step';

const book = (overrides: Partial<BookProgress> = {}): BookProgress => ({
  num_pages: 5,
  pages_completed: 0,
  worksheet_completed: false,
  quiz_submitted: false,
  recording_needed: true,
  ...overrides,
});

describe('a book’s next step (docs/rules.md C46)', () => {
  it('goes read, quiz, recording for the teacher, finished', () => {
    expect(nextStepOf(book())).toBe('read');
    expect(nextStepOf(book({ pages_completed: 4 }))).toBe('read');
    expect(nextStepOf(book({ pages_completed: 5 }))).toBe('quiz');
    expect(nextStepOf(book({ pages_completed: 5, quiz_submitted: true }))).toBe('read-aloud');
    expect(nextStepOf(book({ pages_completed: 5, quiz_submitted: true, recording_needed: false }))).toBe(
      'finished',
    );
  });

  it('never asks for the quiz once it is in, whatever else is left', () => {
    expect(nextStepOf(book({ pages_completed: 2, quiz_submitted: true }))).toBe('read');
    expect(nextStepOf(book({ pages_completed: 5, quiz_submitted: true }))).not.toBe('quiz');
  });

  it('asks a student without read-aloud for no recording, and one who sent it first for the quiz', () => {
    expect(nextStepOf(book({ pages_completed: 5, quiz_submitted: true, recording_needed: false }))).toBe(
      'finished',
    );
    expect(nextStepOf(book({ pages_completed: 5, recording_needed: false }))).toBe('quiz');
  });

  it('is finished once the server says so', () => {
    expect(nextStepOf(book({ worksheet_completed: true }))).toBe('finished');
  });

  it('sends a library book’s recording from its send screen, an assignment’s from its own', () => {
    expect(libraryBookSteps(41)['read-aloud']).toBe('/power-builders/41/read-aloud/assignment');
    expect(libraryBookSteps(41).quiz).toBe('/power-builders/41/quiz');
    expect(assignmentSteps(77)['read-aloud']).toBe(
      '/student-assignments/power-builders/77/read-aloud/assignment',
    );
    expect(assignmentSteps(77).finished).toBe('/my-work');
  });
});
