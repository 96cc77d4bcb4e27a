import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { answer, errorAnswer } from '@/test/api-mocks';
import { renderApp } from '@/test/render-app';
import { answerEmptyHome, buildReadingOverview, signedInStudent } from '../test-books';

type Overview = Parameters<typeof answer<'getReadingOverview'>>[1];

async function openHome(overview: Overview) {
  await signedInStudent();
  answerEmptyHome();
  answer('listPassages', () => ({ passages: [] }));
  answer('getReadingOverview', overview);
  renderApp(paths.student.home.getHref());
}

describe('My goals on the student’s home (the same card as on the progress page)', () => {
  it('shows each target with the student’s figure, a bar, and “Goal reached!” once reached', async () => {
    await openHome(() =>
      buildReadingOverview({
        goals: [
          { kind: 'wpm', target: 100, current: 104.4, target_date: null, achieved_at: null },
          { kind: 'wcpm', target: 90, current: 72.2, target_date: '2031-06-30', achieved_at: null },
          { kind: 'lexile', target: 600, current: null, target_date: null, achieved_at: null },
        ],
      }),
    );
    const card = within(await screen.findByRole('region', { name: 'My goals' }));
    expect(card.getByText('WCPM 72 of 90')).toBeInTheDocument();
    expect(card.getByRole('progressbar', { name: 'WCPM 72 of 90' })).toHaveAttribute('aria-valuenow', '80');
    expect(card.getByRole('progressbar', { name: 'WPM 104 of 100: goal reached' })).toBeInTheDocument();
    expect(card.getAllByText('Goal reached!')).toHaveLength(1);
    // Not measured yet: no figure, an empty bar.
    expect(card.getByRole('progressbar', { name: 'Lexile – of 600' })).toHaveAttribute('aria-valuenow', '0');
  });

  it('a goal the server recorded as reached says so, whatever the newest figure', async () => {
    await openHome(() =>
      buildReadingOverview({
        goals: [
          {
            kind: 'wcpm',
            target: 90,
            current: 85,
            target_date: null,
            achieved_at: '2031-03-01T10:00:00.000Z',
          },
        ],
      }),
    );
    const card = within(await screen.findByRole('region', { name: 'My goals' }));
    expect(card.getByText('Goal reached!')).toBeInTheDocument();
  });

  it('no card without goals; a failed read says so without hiding the rest of home', async () => {
    await openHome(() => errorAnswer(500, 'internal', 'Something went wrong'));
    expect(await screen.findByText(/Your goals could not be loaded/)).toBeInTheDocument();
    expect(screen.getByText('12 coins')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'My goals' })).not.toBeInTheDocument();
  });
});
