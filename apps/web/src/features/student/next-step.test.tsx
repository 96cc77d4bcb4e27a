/** docs/rules.md C46: the library, My work and the home page name a book's true next step. */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { answer } from '@/test/api-mocks';
import { renderApp } from '@/test/render-app';
import { answerEmptyHome, buildBook, buildReadingOverview, signedInStudent } from './test-books';

/** Every page read: the quiz next; then a book whose quiz is in and whose recording the teacher waits for. */
const books = [
  buildBook({ id: 21, title: 'Kite Day', worksheet_id: 301, pages_completed: 8, num_pages: 8 }),
  buildBook({
    id: 22,
    title: 'Big Blue Sea',
    worksheet_id: 302,
    pages_completed: 8,
    num_pages: 8,
    quiz_submitted: true,
    recording_needed: true,
  }),
];

async function signIn() {
  await signedInStudent();
  answer('listPassages', () => ({ passages: books }));
  answer('listAssignments', () => ({ assignments: [] }));
  answer('getSubmittedPassages', () => ({ passages: [] }));
  answer('getReadingOverview', () => buildReadingOverview());
  answer('getStudentSkillBuilders', () => ({ skill_builders: [] }));
  answer('getStudentRateBuilders', () => ({ rate_builders: [] }));
}

describe('a book’s next step', () => {
  it('My work offers the quiz only before it is in, then reading aloud to the teacher on the send screen', async () => {
    await signIn();
    renderApp(paths.student.myWork.getHref());

    const onTheGo = await screen.findByRole('region', { name: 'Keep going' });
    expect(await within(onTheGo).findByRole('link', { name: 'Take the quiz: Kite Day' })).toHaveAttribute(
      'href',
      paths.book.quiz.getHref(21),
    );
    expect(
      within(onTheGo).getByRole('link', { name: 'Read it aloud to your teacher: Big Blue Sea' }),
    ).toHaveAttribute('href', paths.book.assignment.getHref(22));
    expect(
      within(onTheGo).queryByRole('link', { name: 'Take the quiz: Big Blue Sea' }),
    ).not.toBeInTheDocument();
    const sea = within(onTheGo).getByRole('listitem', { name: 'Big Blue Sea' });
    expect(within(sea).getByText('Read aloud next')).toBeInTheDocument();
  });

  it('the library’s card says “Read aloud next” once the quiz is in, never “Quiz next”', async () => {
    await signIn();
    renderApp(paths.student.powerBuilders.getHref());

    const sea = await screen.findByRole('article', { name: 'Big Blue Sea' });
    expect(within(sea).getByText('Read aloud next')).toBeInTheDocument();
    expect(within(sea).queryByText('Quiz next')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Kite Day' })).getByText('Quiz next'),
    ).toBeInTheDocument();
  });

  it('the home page’s next book leads to the recording the teacher waits for', async () => {
    await signIn();
    answerEmptyHome();
    answer('listPassages', () => ({ passages: [{ ...books[1]!, colour_band_id: 5 }] }));
    renderApp(paths.student.home.getHref());

    const next = await screen.findByRole('region', { name: 'Your next book' });
    expect(within(next).getByRole('link', { name: 'Read it aloud to your teacher' })).toHaveAttribute(
      'href',
      paths.book.assignment.getHref(22),
    );
  });
});
