import { MistakeType } from '@readalong/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { buildClass, buildPassage, buildRecording } from '@/test/factories';
import { renderApp } from '@/test/render-app';
import type { Mark } from '@/shared/read-aloud/marks';

const CLASS = buildClass();
// Words: 0 Sam 1 has 2 a 3 red 4 kite 5 It 6 flies 7 high
const PAGES = ['Sam has a red kite.', 'It flies high!'];

const waiting = buildRecording({
  id: 12,
  student_name: 'Mia Lopez',
  passage_id: 41,
  file_url: '/api/files/recordings/7/take.webm?expires=4102444800&signature=abc',
  duration_ms: 6000,
  start_time: 1.2,
  end_time: 5.2,
  suggested_start: 1.2,
  suggested_end: 5.2,
  created_at: '2030-03-02T10:00:00.000Z',
});
const older = buildRecording({
  id: 9,
  student_name: 'Ben Cho',
  passage_title: 'Rain Again',
  passage_id: 44,
  created_at: '2030-03-01T10:00:00.000Z',
});
const graded = buildRecording({
  id: 4,
  student_name: 'Mia Lopez',
  passage_id: 41,
  comment: 'Lovely expression.',
  grading_completed: true,
  wpm_confirmed: true,
  wpm: 70,
  wcpm: 64,
  accuracy: 91,
  created_at: '2030-02-01T10:00:00.000Z',
});

async function openReview() {
  await signedInAs({ login_role: 'teacher' });
  answer('listClasses', () => ({ classes: [CLASS] }));
  answer('getClassRecordings', () => ({ recordings: [waiting, older, graded] }));
  answer('getGoalSettings', () => ({ class_goal: null, goal_settings: [] }));
  answer('getAnswersToMark', () => ({ answers: [], page: 0, has_more: false }));
  answer('getPassage', () => buildPassage(PAGES));
  answer('getMistakes', () => ({ recording_id: 12, mistakes: [], num_mistakes: 0, last_word_index: null }));
  const app = renderApp('/teacher/class');
  const review = within(await screen.findByRole('region', { name: 'Waiting for review (2)' }));
  expect(
    review
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent),
  ).toEqual([expect.stringContaining('Mia Lopez'), expect.stringContaining('Ben Cho')]);
  expect(screen.getByRole('region', { name: 'Reviewed (1)' })).toHaveTextContent('Mia Lopez');
  await app.user.click(review.getByRole('link', { name: /Review Mia Lopez’s reading of The Red Kite/ }));
  await screen.findByRole('heading', { name: /Mia Lopez reading “The Red Kite”/ });
  await screen.findByRole('group', { name: 'Words of the passage' });
  return app;
}

/** Answers each save of the marks with the marks sent, as the server does. */
const savedMarks = () =>
  countCalls('saveMistakes', async (request) => {
    const body = (await request.json()) as { mistakes: Mark[]; last_word_index: number | null };
    return { recording_id: 12, ...body, num_mistakes: body.mistakes.length };
  });

const figure = (name: string) => document.querySelector(`[data-figure="${name}"]`)?.textContent;

describe('reviewing a class’s recordings', () => {
  it('marks words from the keyboard, shows the figures change, and saves the marks once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const saves = savedMarks();
    const { user } = await openReview();
    // 8 words in the 4 s between the handles: 120 words a minute, all correct.
    expect(figure('WPM')).toBe('120');
    expect(figure('Accuracy')).toBe('100%');

    const words = screen.getByRole('group', { name: 'Words of the passage' });
    const sam = within(words).getByRole('button', { name: 'Sam' });
    sam.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}o{ArrowRight}m{ArrowRight}i');
    // After an insertion the screen asks what was added; Escape skips and gives the focus back to the word.
    expect(screen.getByLabelText('What word was added before “It”?')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(within(words).getByRole('button', { name: 'It' })).toHaveFocus();
    expect(within(words).getByRole('button', { name: 'kite (mispronunciation)' })).toBeInTheDocument();
    expect(
      within(words).getByRole('button', { name: 'Inserted: a word added before “It”. Remove' }),
    ).toBeInTheDocument();
    // Two words read wrongly of 8: the insertion is marked but takes no word away.
    expect(figure('WCPM')).toBe('90');
    expect(figure('Accuracy')).toBe('75%');

    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(saves.count()).toBe(1));
    expect(await saves.requests[0]!.json()).toEqual({
      mistakes: [
        { word_index: 3, type: MistakeType.Omission },
        { word_index: 4, type: MistakeType.Mispronunciation },
        { word_index: 5, type: MistakeType.Insertion },
      ],
      last_word_index: null,
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Marks saved');
    vi.useRealTimers();
  });

  it('notes what was read instead of a substituted word', async () => {
    const saves = savedMarks();
    const { user } = await openReview();
    const words = screen.getByRole('group', { name: 'Words of the passage' });
    await user.click(screen.getByRole('radio', { name: 'Substitution' }));
    await user.click(within(words).getByRole('button', { name: 'kite' }));

    await user.keyboard('kit{Enter}');

    expect(within(words).getByRole('button', { name: 'kite (substitution: “kit”)' })).toHaveFocus();
    await waitFor(() => expect(saves.count()).toBeGreaterThan(0));
    expect(await saves.requests.at(-1)!.json()).toEqual({
      mistakes: [{ word_index: 4, type: MistakeType.Substitution, text: 'kit' }],
      last_word_index: null,
    });
  });

  it('moves the trim handles with the keyboard and confirms the trim', async () => {
    const trims = countCalls('trimRecording', async (request) => {
      const body = (await request.json()) as { start_time: number; end_time: number };
      return { ...waiting, start_time: body.start_time, end_time: body.end_time, wpm_confirmed: true };
    });
    const { user } = await openReview();
    const start = screen.getByRole('slider', { name: 'Reading starts' });
    expect(start).toHaveAttribute('aria-valuenow', '1.2');
    start.focus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(start).toHaveAttribute('aria-valuenow', '1');
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Reading ends' }), { key: 'PageUp' });
    expect(screen.getByRole('slider', { name: 'Reading ends' })).toHaveAttribute('aria-valuenow', '6');
    await user.click(screen.getByRole('button', { name: 'Use the suggested 1.2 s – 5.2 s' }));
    await user.click(screen.getByRole('button', { name: 'Confirm trim' }));
    await screen.findByRole('button', { name: 'Trim confirmed' });
    expect(await trims.requests[0]!.json()).toEqual({ start_time: 1.2, end_time: 5.2, submit: true });
  });

  it('sends the comment, and shows the student’s earlier reading of the same book', async () => {
    const comments = countCalls('commentRecording', async (request) => {
      const body = (await request.json()) as { comment: string };
      return {
        ...waiting,
        comment: body.comment,
        grading_completed: true,
        graded_at: '2030-03-02T11:00:00.000Z',
      };
    });
    const { user } = await openReview();
    const history = screen.getByRole('region', { name: 'This student’s recordings of the book' });
    expect(history).toHaveTextContent('2 recordings of this book');
    await user.type(screen.getByLabelText('Comment for the student'), 'Great pace. Watch the word “kite”.');
    await user.click(screen.getByRole('button', { name: 'Send comment' }));
    expect(await screen.findByText('Reviewed')).toBeInTheDocument();
    expect(await comments.requests[0]!.json()).toEqual({ comment: 'Great pace. Watch the word “kite”.' });
    await user.click(screen.getByRole('link', { name: 'Next waiting: Ben Cho' }));
    expect(await screen.findByRole('heading', { name: /Ben Cho reading “Rain Again”/ })).toBeInTheDocument();
  });
});
