import { ACTIVITY_MAX_DAYS, type Contracts, type Response } from '@readalong/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { answer, errorAnswer } from '@/test/api-mocks';
import { countCalls } from '@/test/auth';
import { renderApp } from '@/test/render-app';
import { buildReadingOverview, signedInStudent } from './test-books';

type BookRow = Response<Contracts['getBookPerformance']>['books'][number];
type ActivityProfile = Response<Contracts['getActivityProfile']>;

const buildResult = (overrides: Partial<BookRow> = {}): BookRow => ({
  passage_id: 31,
  worksheet_id: 801,
  title: 'The Lost Kite',
  series_id: 6,
  colour_band_id: 5,
  lexile: 310,
  completed_at: '2030-03-02T10:00:00.000Z',
  score_percent: 90,
  wpm: null,
  wcpm: null,
  accuracy: null,
  ...overrides,
});

const noActivity: ActivityProfile = {
  days: [],
  totals: {
    minutes_reading: 0,
    pages_read: 0,
    books_completed: 0,
    quizzes_submitted: 0,
    recordings_submitted: 0,
  },
};

/** A student with no progress yet; each test answers what it is about. */
async function openMyProgress() {
  await signedInStudent();
  answer('getReadingOverview', () => buildReadingOverview());
  answer('getBookPerformance', () => ({ books: [], total: 0 }));
  answer('getActivityProfile', () => noActivity);
  answer('getStudentLearningOutcomePerformances', () => ({ learning_outcome_performances: [] }));
  answer('getTopics', () => ({ topic_groups: [], topics: [], learning_outcomes: [] }));
}

const DAY_MS = 86_400_000;
const daysFrom = (start: string, end: string) => (Date.parse(end) - Date.parse(start)) / DAY_MS + 1;
const LIMIT_TEXT = `must be at most ${ACTIVITY_MAX_DAYS} days before the end: pick a shorter time`;

/**
 * The activity profile as the server answers it (docs/rules.md I6): a range of more days than it lists at once is a
 * 400 naming query.start (as a student with that much reading gets); otherwise 10 minutes of reading on its first day.
 */
function activityAsTheServer() {
  return countCalls('getActivityProfile', (request) => {
    const query = new URL(request.url).searchParams;
    const [start, end] = [query.get('start')!, query.get('end')!];
    if (daysFrom(start, end) > ACTIVITY_MAX_DAYS)
      return errorAnswer(400, 'bad_request', `query.start: ${LIMIT_TEXT}`, { 'query.start': LIMIT_TEXT });
    const counts = {
      minutes_reading: 10,
      pages_read: 2,
      books_completed: 0,
      quizzes_submitted: 0,
      recordings_submitted: 0,
    };
    return { days: [{ date: start, ...counts }], totals: counts };
  });
}

/** The rows of a chart's table, as a screen reader reads them. */
const tableOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .map((row) => row.textContent);

describe('my progress', () => {
  it('draws the Lexile timeline and says what it shows, point by point', async () => {
    await openMyProgress();
    answer('getReadingOverview', () =>
      buildReadingOverview({
        current_lexile: 340,
        lexile_timeline: [
          {
            at: '2030-01-10T10:00:00.000Z',
            lexile: 290,
            series_id: 6,
            colour_band_id: 5,
            source: 'level_change',
            passage_id: null,
            title: null,
            rule: 'placement',
            reason: null,
          },
          {
            at: '2030-02-03T10:00:00.000Z',
            lexile: 340,
            series_id: 6,
            colour_band_id: 6,
            source: 'book_passed',
            passage_id: 31,
            title: 'The Lost Kite',
            rule: null,
            reason: null,
          },
        ],
      }),
    );
    renderApp(paths.student.myProgress.getHref());

    const chart = await screen.findByRole('region', { name: 'Your Lexile over time' });
    expect(
      await within(chart).findByText(
        'Your Lexile went from 290L to 340L between 10 Jan 2030 and 3 Feb 2030.',
      ),
    ).toBeInTheDocument();
    expect(tableOf('Your Lexile over time')).toEqual([
      'DateLexileWhat happened',
      '10 Jan 2030290LMoved to the Orange band',
      '3 Feb 2030340LPassed ‘The Lost Kite’',
    ]);
  });

  it('shows the same goals card as home, with the target date of a goal not yet reached', async () => {
    await openMyProgress();
    answer('getReadingOverview', () =>
      buildReadingOverview({
        goals: [{ kind: 'wcpm', target: 90, current: 72.2, target_date: '2031-06-30', achieved_at: null }],
      }),
    );
    renderApp(paths.student.myProgress.getHref());

    const card = within(await screen.findByRole('region', { name: 'My goals' }));
    expect(card.getByRole('progressbar', { name: 'WCPM 72 of 90' })).toHaveAttribute('aria-valuenow', '80');
    expect(card.getByText('By Monday 30 June')).toBeInTheDocument();
  });

  it('charts the quiz score of each book and lets the student pick one to look back at', async () => {
    await openMyProgress();
    answer('getBookPerformance', () => ({
      total: 2,
      books: [
        buildResult({
          worksheet_id: 802,
          passage_id: 32,
          title: 'Owl Night',
          score_percent: 60,
          wpm: 88,
          accuracy: 97,
        }),
        buildResult({ worksheet_id: 801, title: 'The Lost Kite', score_percent: 100 }),
      ],
    }));
    const { user } = renderApp(paths.student.myProgress.getHref());

    const chart = await screen.findByRole('region', { name: 'Your quiz scores' });
    expect(
      within(chart).getByText('2 quizzes, average score 80%. You passed 1 of 2 (80% or more).'),
    ).toBeInTheDocument();
    expect(tableOf('Your quiz scores')).toEqual([
      'BookFinishedQuiz score',
      'The Lost Kite2 Mar 2030100%',
      'Owl Night2 Mar 203060%',
    ]);

    // As a keyboard user would: type part of the title, then take the first match.
    await user.type(screen.getByRole('combobox', { name: 'Choose a book' }), 'Owl');
    await user.keyboard('{ArrowDown}{Enter}');

    const picker = screen.getByRole('region', { name: 'Look back at a book' });
    expect(within(picker).getByText('Quiz: 60%')).toBeInTheDocument();
    expect(within(picker).getByText('88')).toBeInTheDocument();
    expect(within(picker).getByText('97%')).toBeInTheDocument();
    expect(within(picker).getByRole('link', { name: 'Read again: Owl Night' })).toHaveAttribute(
      'href',
      paths.book.read.getHref(32),
    );
  });

  it('asks again for the time the student picks', async () => {
    await openMyProgress();
    const activity = countCalls('getActivityProfile', () => noActivity);
    const { user } = renderApp(paths.student.myProgress.getHref());
    await screen.findByRole('region', { name: 'Your reading time' });

    await user.click(screen.getByRole('radio', { name: '1 month' }));

    await waitFor(() => expect(activity.count()).toBe(2));
    const [threeMonths, oneMonth] = activity.requests.map((request) => new URL(request.url).searchParams);
    expect(threeMonths!.get('end')).toBe(oneMonth!.get('end'));
    expect(oneMonth!.get('start')! > threeMonths!.get('start')!).toBe(true);
  });

  it('answers every time it offers, asking for a long one in pieces the server takes (I6)', async () => {
    await openMyProgress();
    const activity = activityAsTheServer();
    const { user } = renderApp(paths.student.myProgress.getHref());

    // 3 months is shown first; then each other time, as the child picks it.
    const pieces = { '3 months': 1, '1 month': 1, '1 year': 1, 'All time': 5 };
    for (const [label, count] of Object.entries(pieces)) {
      const before = label === '3 months' ? 0 : activity.count();
      if (label !== '3 months') await user.click(screen.getByRole('radio', { name: label }));
      const days = count === 1 ? '1 day' : `${count} days`;
      expect(
        await screen.findByText(
          `You read for ${count * 10} minutes on ${days}, read ${count * 2} pages and finished 0 books.`,
        ),
      ).toBeInTheDocument();
      // The pieces asked for cover the time picked, one after another, each no longer than the server lists.
      const asked = activity.requests.slice(before).map((request) => new URL(request.url).searchParams);
      expect(asked, label).toHaveLength(count);
      for (const [index, piece] of asked.entries()) {
        expect(daysFrom(piece.get('start')!, piece.get('end')!)).toBeLessThanOrEqual(ACTIVITY_MAX_DAYS);
        if (index > 0) expect(daysFrom(asked[index - 1]!.get('end')!, piece.get('start')!)).toBe(2);
      }
      // Every time ends today, the end of the first answer asked for.
      expect(asked.at(-1)!.get('end')).toBe(new URL(activity.requests[0]!.url).searchParams.get('end'));
    }
    expect(screen.queryByText(/query\./)).not.toBeInTheDocument();
  });

  it('tells the child in plain words when a time cannot be shown, never the server’s message', async () => {
    await openMyProgress();
    answer('getActivityProfile', () =>
      errorAnswer(400, 'bad_request', `query.start: ${LIMIT_TEXT}`, { 'query.start': LIMIT_TEXT }),
    );
    renderApp(paths.student.myProgress.getHref());

    expect(
      await screen.findByText(
        'This could not be shown for what was picked. Pick another time or choice, or try again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/query\.start/)).not.toBeInTheDocument();
  });

  it('sums up the reading time and lists the days read', async () => {
    await openMyProgress();
    const today = new Date();
    const iso = (daysAgo: number) => {
      const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() - daysAgo);
      return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    };
    const day = (date: string, minutes: number) => ({
      date,
      minutes_reading: minutes,
      pages_read: 4,
      books_completed: 1,
      quizzes_submitted: 1,
      recordings_submitted: 0,
    });
    answer('getActivityProfile', () => ({
      days: [day(iso(3), 20), day(iso(1), 12.4)],
      totals: {
        minutes_reading: 32.4,
        pages_read: 8,
        books_completed: 2,
        quizzes_submitted: 2,
        recordings_submitted: 0,
      },
    }));
    const { user } = renderApp(paths.student.myProgress.getHref());
    await user.click(await screen.findByRole('radio', { name: '1 month' }));

    expect(
      await screen.findByText('You read for 32 minutes on 2 days, read 8 pages and finished 2 books.'),
    ).toBeInTheDocument();
    expect(tableOf('Your reading time')).toHaveLength(3);
  });

  it('names the strongest reading skill and those a skill builder can help with', async () => {
    await openMyProgress();
    answer('getTopics', () => ({
      topic_groups: [{ id: 1, name: 'Comprehension' }],
      topics: [{ id: 1, name: 'Main idea', topic_group_id: 1 }],
      learning_outcomes: [
        { id: 11, name: 'Say what a passage is mostly about', code: 'COMP.MAIN_IDEA', topic_id: 1 },
        { id: 12, name: 'Put events in order', code: 'COMP.SEQUENCE', topic_id: 1 },
      ],
    }));
    answer('getStudentLearningOutcomePerformances', () => ({
      learning_outcome_performances: [
        { learning_outcome_id: 12, topic_id: 1, score_percent: 50, questions_answered: 4 },
        { learning_outcome_id: 11, topic_id: 1, score_percent: 92, questions_answered: 6 },
      ],
    }));
    renderApp(paths.student.myProgress.getHref());

    expect(
      await screen.findByText(
        'Your strongest skill: Say what a passage is mostly about (92%). A skill builder can help with: Put events in order (50%).',
      ),
    ).toBeInTheDocument();
  });

  it('says what will appear while there is no progress yet', async () => {
    await openMyProgress();
    renderApp(paths.student.myProgress.getHref());

    expect(
      await screen.findByText('Your Lexile will show here once you pass your first book.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'No quiz scores in this time yet. Finish a book and its quiz to see your score here.',
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'No reading in this time yet. Open a book and your reading time will grow here.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Books you finish in this time will be here to look back at.'),
    ).toBeInTheDocument();
  });
});
