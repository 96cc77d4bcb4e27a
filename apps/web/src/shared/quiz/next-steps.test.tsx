/** docs/rules.md C46: the quiz's result names what the book still needs, as its main button. */
import type { Passage } from '@readalong/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { answer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { renderApp } from '@/test/render-app';
import { BOOK_ID, NOT_SUBMITTED, QUIZ, WORKSHEET_ID, buildOutcome, buildPassage } from './test-quiz';

const background = (element: HTMLElement) => element.style.getPropertyValue('--button-bg');
const FILLED = /^var\(--mantine-color-\w+-filled\)$/;

/** A one-question quiz on a book of one page, every page read, answered right and sent. */
async function passQuiz(progress: Partial<Passage>) {
  await signedInAs({ login_role: 'student' });
  const passage = countCalls('getPassage', () =>
    buildPassage({ num_pages: 1, pages_completed: 1, ...progress }),
  );
  const started = countCalls('startWorksheet', () => ({ worksheet_id: WORKSHEET_ID }));
  answer('getDiagnosticsSubmission', () => NOT_SUBMITTED);
  answer('getPassageQuestions', () => ({ questions: QUIZ.slice(0, 1) }));
  answer('submitDiagnostics', () => buildOutcome());
  const { user } = renderApp(paths.book.quiz.getHref(BOOK_ID));
  await user.click(await screen.findByRole('radio', { name: 'nectar' }));
  await user.click(screen.getByRole('button', { name: /Finish the quiz/ }));
  expect(await screen.findByRole('heading', { name: 'Well done, you passed!' })).toBeInTheDocument();
  return { passage, started };
}

describe('after the quiz', () => {
  it('a read-aloud student whose teacher waits for the recording is led to read it aloud', async () => {
    await passQuiz({ recording_needed: true });

    const aloud = screen.getByRole('link', { name: 'Read it aloud to your teacher' });
    expect(aloud).toHaveAttribute('href', paths.book.assignment.getHref(BOOK_ID));
    expect(background(aloud)).toMatch(FILLED);
    expect(background(screen.getByRole('link', { name: 'Choose my next book' }))).not.toMatch(FILLED);
    expect(screen.queryByRole('link', { name: /Take the quiz/ })).not.toBeInTheDocument();
  });

  it('with nothing owed, choosing the next book is the main button', async () => {
    await passQuiz({ recording_needed: false });

    expect(screen.queryByRole('link', { name: /Read it aloud/ })).not.toBeInTheDocument();
    expect(background(screen.getByRole('link', { name: 'Choose my next book' }))).toMatch(FILLED);
  });

  it('starts no new worksheet when the handed-in quiz refreshes the book (it may have finished it)', async () => {
    const { passage, started } = await passQuiz({ recording_needed: false });

    // The answer refreshes every view of the student's books: the passage is asked again.
    await waitFor(() => expect(passage.count()).toBeGreaterThan(1));
    expect(started.count()).toBe(1);
  });
});
