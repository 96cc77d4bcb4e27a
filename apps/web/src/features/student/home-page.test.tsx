import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { answer, errorAnswer } from '@/test/api-mocks';
import { signedInAs } from '@/test/auth';
import { buildAccessToken } from '@/test/factories';
import { renderApp } from '@/test/render-app';
import type { BookSummary } from './api/list-passages';
import { buildBook } from './test-books';

const details = {
  colour_band_id: 5,
  series_id: 6,
  coins: 12,
  read_aloud_enabled: true,
  narration_enabled: true,
  class_id: 3,
  placement_test_id: null,
};

async function openHome(
  answerDetails: Parameters<typeof answer<'getUserDetails'>>[1],
  books: BookSummary[] = [],
) {
  await signedInAs({ login_role: 'student', first_name: 'Mia' });
  answer('validate', () => ({
    access_token: buildAccessToken(),
    login_role: 'student',
    refresh_token: null,
  }));
  answer('getUserDetails', answerDetails);
  answer('listPassages', () => ({ passages: books }));
  return renderApp(paths.student.home.getHref());
}

describe('student home', () => {
  it('shows the level from the server: colour band, series and coins', async () => {
    await openHome(() => details);

    expect(await screen.findByText('Orange band')).toBeInTheDocument();
    expect(screen.getByText('Series BR')).toBeInTheDocument();
    expect(screen.getByText('12 coins')).toBeInTheDocument();
    expect(screen.getByText('Hi Mia! Ready to read?')).toBeInTheDocument();
  });

  it('asks a student without a band to take the placement test', async () => {
    await openHome(() => ({
      ...details,
      colour_band_id: null,
      series_id: null,
      placement_test_id: 40,
      coins: 1,
    }));

    expect(await screen.findByRole('heading', { name: 'Take your placement test' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start the placement test' })).toHaveAttribute(
      'href',
      paths.placement.getHref(),
    );
    expect(screen.getByText('1 coin')).toBeInTheDocument();
  });

  it('says so when the level cannot be loaded, and tries again', async () => {
    let calls = 0;
    const { user } = await openHome(() => {
      calls += 1;
      return calls === 1 ? errorAnswer(500, 'internal', 'The server had a problem.') : details;
    });

    expect(await screen.findByText('Your level could not be loaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Orange band')).toBeInTheDocument();
  });

  it('shows the first book of the student’s band not yet finished, with a way to start reading', async () => {
    await openHome(
      () => details,
      [
        buildBook({ id: 21, title: 'Big Blue Sea', colour_band_id: 6 }),
        buildBook({ id: 22, title: 'Kite Day', colour_band_id: 5, worksheet_completed: true }),
        buildBook({ id: 23, title: 'The Red Kite', colour_band_id: 5, pages_completed: 2 }),
        buildBook({ id: 24, title: 'Red Fox Runs', colour_band_id: 5 }),
      ],
    );

    const next = await screen.findByRole('region', { name: 'Your next book' });
    expect(within(next).getByText('The Red Kite')).toBeInTheDocument();
    expect(within(next).getByRole('img', { name: 'Cover of The Red Kite' })).toBeInTheDocument();
    expect(within(next).getByRole('link', { name: 'Start reading' })).toHaveAttribute(
      'href',
      paths.book.read.getHref(23),
    );
    expect(screen.queryByText('Books picked for your level will appear here.')).not.toBeInTheDocument();
  });

  it('keeps the empty state when every book of the band is finished', async () => {
    await openHome(
      () => details,
      [
        buildBook({ id: 22, title: 'Kite Day', colour_band_id: 5, worksheet_completed: true }),
        buildBook({ id: 21, title: 'Big Blue Sea', colour_band_id: 6 }),
      ],
    );

    expect(await screen.findByText('Books picked for your level will appear here.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Start reading' })).not.toBeInTheDocument();
  });
});
