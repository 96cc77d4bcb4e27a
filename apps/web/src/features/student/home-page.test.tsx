import { AlertType } from '@readalong/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { answer, errorAnswer } from '@/test/api-mocks';
import { countCalls } from '@/test/auth';
import { renderApp } from '@/test/render-app';
import type { BookSummary } from './api/list-passages';
import {
  answerEmptyHome,
  buildAlert,
  buildAssignment,
  buildBook,
  buildFinishedBook,
  signedInStudent,
  studentDetails,
} from './test-books';

const details = studentDetails;

async function openHome(
  answerDetails: Parameters<typeof answer<'getUserDetails'>>[1],
  books: BookSummary[] = [],
) {
  await signedInStudent(answerDetails);
  answerEmptyHome();
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

describe('student home: from your teacher', () => {
  it('lists the new books to do, tells the server they were seen, and starts one to read', async () => {
    await signedInStudent();
    answerEmptyHome();
    answer('listPassages', () => ({ passages: [] }));
    answer('listAssignments', () => ({
      assignments: [
        buildAssignment({
          id: 503,
          passage_id: 33,
          passage_title: 'Moon Garden',
          note: 'Read this one first',
        }),
        buildAssignment({ id: 502, passage_id: 32, passage_title: 'Owl Night', due_at: '2030-03-07' }),
        buildAssignment({ id: 501, passage_id: 31, passage_title: 'Old Map', completed: true }),
      ],
    }));
    answer('haveNewAssignments', () => ({ have_new: true, count: 1 }));
    const seen = countCalls('markAssignmentsSeen', () => ({ success: true }));
    const started = countCalls('startWorksheet', () => ({ worksheet_id: 900 }));
    const { user, router } = renderApp(paths.student.home.getHref());

    const section = await screen.findByRole('region', { name: 'From your teacher' });
    expect(await within(section).findByText('You have 1 new book to read!')).toBeInTheDocument();
    const moon = within(section).getByRole('listitem', { name: /Moon Garden/ });
    expect(within(moon).getByText('New')).toBeInTheDocument();
    expect(within(moon).getByText('Your teacher says: “Read this one first”')).toBeInTheDocument();
    const owl = within(section).getByRole('listitem', { name: /Owl Night/ });
    expect(within(owl).queryByText('New')).not.toBeInTheDocument();
    expect(within(owl).getByText('Finish by Thursday 7 March')).toBeInTheDocument();
    expect(within(section).queryByText('Old Map')).not.toBeInTheDocument();
    await waitFor(() => expect(seen.count()).toBe(1));

    await user.click(within(moon).getByRole('button', { name: 'Start: Moon Garden' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(paths.studentAssignment.read.getHref(900)),
    );
    expect(started.requests[0]!.url).toContain('/v1/worksheets/passage/33');
    expect(await started.requests[0]!.json()).toEqual({ class_id: 3 });
  });

  it('opens a book already started at the student’s own worksheet', async () => {
    await signedInStudent();
    answerEmptyHome();
    answer('listPassages', () => ({ passages: [] }));
    answer('listAssignments', () => ({
      assignments: [buildAssignment({ passage_title: 'Owl Night', worksheet_id: 812 })],
    }));
    const seen = countCalls('markAssignmentsSeen', () => ({ success: true }));
    renderApp(paths.student.home.getHref());

    expect(await screen.findByRole('link', { name: 'Keep going: Owl Night' })).toHaveAttribute(
      'href',
      paths.studentAssignment.read.getHref(812),
    );
    expect(seen.count()).toBe(0);
  });

  it('says all is done when there is nothing to do', async () => {
    await signedInStudent();
    answerEmptyHome();
    answer('listPassages', () => ({ passages: [] }));
    renderApp(paths.student.home.getHref());

    expect(
      await screen.findByText('All done! Books your teacher gives you will appear here.'),
    ).toBeInTheDocument();
  });
});

describe('student home: news', () => {
  it('shows the student’s alerts in their own words and marks the new ones seen at once', async () => {
    await signedInStudent();
    answerEmptyHome();
    answer('listPassages', () => ({
      passages: [buildBook({ title: 'Kite Day', colour_band_id: 6, worksheet_id: 302, pages_completed: 8 })],
    }));
    answer('getSubmittedPassages', () => ({
      passages: [buildFinishedBook({ worksheet_id: 801, title: 'The Lost Kite', score_percent: 90 })],
    }));
    const alertRequests = countCalls('getAlerts', () => ({
      alerts: [
        buildAlert({
          id: 703,
          type_id: AlertType.LevelUpGold,
          message: 'You moved up to the BR gold band with a gold medal.',
          seen: false,
        }),
        buildAlert({ id: 702, type_id: AlertType.Pass, worksheet_id: 801, seen: false }),
        buildAlert({ id: 700, type_id: AlertType.Fail, worksheet_id: 302, seen: true }),
        buildAlert({ id: 701, type_id: AlertType.AchieveGoalWPM, seen: true }),
      ],
      page: 0,
      has_more: false,
    }));
    const viewed = countCalls('markAlertsViewed', () => ({ updated: 2 }));
    renderApp(paths.student.home.getHref());

    const news = await screen.findByRole('region', { name: 'Your news' });
    expect(await within(news).findByText('You passed ‘The Lost Kite’ with 90%!')).toBeInTheDocument();
    expect(within(news).getByText('You moved up to the BR gold band with a gold medal.')).toBeInTheDocument();
    expect(within(news).getByText('You reached your reading speed goal!')).toBeInTheDocument();
    expect(
      within(news).getByText('Nearly there on ‘Kite Day’. Read it again and have another go at the quiz!'),
    ).toBeInTheDocument();
    expect(within(news).getAllByText('New')).toHaveLength(2);
    await waitFor(() => expect(viewed.count()).toBe(1));
    expect(await viewed.requests[0]!.json()).toEqual({});
    const types = new URL(alertRequests.requests[0]!.url).searchParams.get('types');
    expect(types?.split(',').map(Number)).toEqual(expect.arrayContaining([AlertType.Pass, AlertType.Fail]));
    expect(types?.split(',').map(Number)).not.toContain(AlertType.LevelDown);
  });

  it('adds older news below when asked, and marks it seen if it was new', async () => {
    await signedInStudent();
    answerEmptyHome();
    answer('listPassages', () => ({ passages: [] }));
    answer('getAlerts', (request) =>
      new URL(request.url).searchParams.get('page') === '1'
        ? {
            alerts: [
              buildAlert({
                id: 601,
                type_id: AlertType.Fail,
                message: 'You did not pass the quiz of “Owl Night” with 60 %.',
              }),
            ],
            page: 1,
            has_more: false,
          }
        : {
            alerts: [
              buildAlert({
                id: 702,
                type_id: AlertType.Pass,
                message: 'You passed the quiz of “Kite Day” with 85 %.',
                seen: true,
              }),
            ],
            page: 0,
            has_more: true,
          },
    );
    const viewed = countCalls('markAlertsViewed', () => ({ updated: 1 }));
    const { user } = renderApp(paths.student.home.getHref());

    const news = await screen.findByRole('region', { name: 'Your news' });
    await user.click(await within(news).findByRole('button', { name: 'Show older news' }));

    expect(
      await within(news).findByText(
        'You did not pass the quiz of “Owl Night” with 60 %. Read it again and have another go at the quiz!',
      ),
    ).toBeInTheDocument();
    expect(within(news).getByText('You passed the quiz of “Kite Day” with 85 %.')).toBeInTheDocument();
    expect(within(news).queryByRole('button', { name: 'Show older news' })).not.toBeInTheDocument();
    await waitFor(() => expect(viewed.count()).toBe(1));
    expect(await viewed.requests[0]!.json()).toEqual({});
  });

  it('explains what news will appear when there is none yet', async () => {
    await signedInStudent();
    answerEmptyHome();
    answer('listPassages', () => ({ passages: [] }));
    const viewed = countCalls('markAlertsViewed', () => ({ updated: 0 }));
    renderApp(paths.student.home.getHref());

    expect(
      await screen.findByText('No news yet. When you pass a quiz or move up a level, you will see it here.'),
    ).toBeInTheDocument();
    expect(viewed.count()).toBe(0);
  });
});
