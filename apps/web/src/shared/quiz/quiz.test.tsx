import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { answer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { renderApp } from '@/test/render-app';
import {
  BOOK_ID,
  NOT_SUBMITTED,
  QUIZ,
  WORKSHEET_ID,
  buildOutcome,
  buildPassage,
  withKeys,
} from './test-quiz';

async function openQuiz(role: 'student' | 'teacher', href: string) {
  await signedInAs({ login_role: role });
  answer('getPassage', () => buildPassage());
  answer('startWorksheet', () => ({ worksheet_id: WORKSHEET_ID }));
  answer('getDiagnosticsSubmission', () => NOT_SUBMITTED);
  const rendered = renderApp(href);
  await screen.findByRole('heading', { name: QUIZ[0]!.prompt });
  return rendered;
}

const next = () => screen.getByRole('button', { name: /^Next/ });

describe('the quiz', () => {
  it('takes an answer of every type by keyboard and pointer, then shows the score, coins and level-up medal', async () => {
    answer('getPassageQuestions', () => ({ questions: QUIZ }));
    const submit = countCalls('submitDiagnostics', () =>
      buildOutcome({
        coins_awarded: 40,
        level_change: { direction: 'up', series_id: 1, colour_band_id: 10, medal: 'gold' },
      }),
    );
    const { user } = await openQuiz('student', paths.book.quiz.getHref(BOOK_ID));
    expect(screen.getByText('Question 1 of 8')).toBeInTheDocument();

    // 1 MCQ by keyboard: focus the first option, arrow to the second.
    await user.click(screen.getByRole('radio', { name: 'pollen' }));
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'nectar' })).toBeChecked();
    await user.click(next());
    // 2 short answer
    await user.type(await screen.findByRole('textbox', { name: 'Where do bees live?' }), 'A hive');
    await user.click(next());
    // 3 open ended
    await user.type(await screen.findByRole('textbox', { name: /farmers/ }), 'They help flowers make seeds.');
    await user.click(next());
    // 4 sequencing: move the second item up, announced for screen readers
    await user.click(await screen.findByRole('button', { name: 'Move “A bee finds a flower.” up' }));
    expect(screen.getByText('“A bee finds a flower.” is now number 1 of 3.')).toBeInTheDocument();
    await user.click(next());
    // 5 form words: tiles in order, one undone and redone
    const word1 = await screen.findByRole('group', { name: 'Word 1' });
    await user.click(within(word1).getByRole('button', { name: 'comb' }));
    await user.click(screen.getByRole('button', { name: 'Undo the last tile of Word 1' }));
    await user.click(within(word1).getByRole('button', { name: 'honey' }));
    await user.click(within(word1).getByRole('button', { name: 'comb' }));
    const word2 = screen.getByRole('group', { name: 'Word 2' });
    await user.click(within(word2).getByRole('button', { name: 'bee' }));
    await user.click(within(word2).getByRole('button', { name: 'keeper' }));
    expect(screen.getByText('honeycomb')).toBeInTheDocument();
    await user.click(next());
    // 6 word from sentence
    await user.click(await screen.findByRole('radio', { name: 'nectar' }));
    await user.click(next());
    // 7 discard option
    await user.click(await screen.findByRole('radio', { name: 'flippers' }));
    await user.click(next());
    // 8 categorising: one choice per item
    await user.click(
      within(await screen.findByRole('radiogroup', { name: 'lays eggs' })).getByRole('radio', {
        name: 'Queen',
      }),
    );
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'guard the door' })).getByRole('radio', {
        name: 'Workers',
      }),
    );
    await user.click(screen.getByRole('button', { name: /Finish the quiz/ }));

    expect(await screen.findByRole('heading', { name: 'You moved up a level!' })).toBeInTheDocument();
    expect(screen.getByText(/Gold medal/)).toBeInTheDocument();
    expect(screen.getByText('Your new level: Green band, series A')).toBeInTheDocument();
    expect(screen.getByText('+40 coins')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Well done, you passed!' })).toBeInTheDocument();

    expect(submit.count()).toBe(1);
    const body = (await submit.requests[0]!.json()) as {
      completed: boolean;
      gradings: { question_id: number; sub_question_num: number; selected_option: string }[];
    };
    expect(body.completed).toBe(true);
    expect(body.gradings.map((row) => [row.question_id, row.sub_question_num, row.selected_option])).toEqual([
      [1, 0, 'nectar'],
      [2, 0, 'A hive'],
      [3, 0, 'They help flowers make seeds.'],
      [4, 0, 'A bee finds a flower.;She flies home.;The honey is sealed.'],
      [5, 1, 'honeycomb'],
      [5, 2, 'beekeeper'],
      [6, 0, 'nectar'],
      [7, 0, 'flippers'],
      [8, 1, 'Queen'],
      [8, 2, 'Workers'],
    ]);
  });

  it('reminds the student of unanswered questions before sending, and sends only what was answered', async () => {
    answer('getPassageQuestions', () => ({ questions: QUIZ.slice(0, 2) }));
    const submit = countCalls('submitDiagnostics', () => buildOutcome({ score_percent: 50, passed: false }));
    const { user } = await openQuiz('student', paths.book.quiz.getHref(BOOK_ID));
    await user.click(screen.getByRole('radio', { name: 'nectar' }));
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: /Finish the quiz/ }));

    expect(await screen.findByText('Question 2 has no answer.')).toBeInTheDocument();
    expect(submit.count()).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Finish anyway' }));

    expect(await screen.findByRole('heading', { name: 'Good try!' })).toBeInTheDocument();
    expect(screen.getByText(/You need 80% to pass/)).toBeInTheDocument();
    const body = (await submit.requests[0]!.json()) as { gradings: unknown[] };
    expect(body.gradings).toHaveLength(1);
  });

  it('a quiz already submitted shows the score the server marked, and its answers, not the questions again', async () => {
    await signedInAs({ login_role: 'student' });
    answer('getPassage', () => buildPassage());
    answer('startWorksheet', () => ({ worksheet_id: WORKSHEET_ID }));
    answer('getPassageQuestions', () => ({ questions: withKeys(QUIZ.slice(0, 1)) }));
    answer('getDiagnosticsSubmission', () => ({
      ...NOT_SUBMITTED,
      completed: true,
      submitted_at: '2026-11-01T10:00:00.000Z',
      score_percent: 90,
      passed: true,
      gradings: [
        {
          question_id: 1,
          question_num: 1,
          sub_question_num: 0,
          marks: 1,
          selected_option: 'nectar',
          time_taken: 4,
          max_marks: 1,
          awaiting_teacher: false,
          comment: null,
        },
      ],
    }));
    renderApp(paths.book.quiz.getHref(BOOK_ID));

    expect(await screen.findByRole('heading', { name: 'Well done, you passed!' })).toBeInTheDocument();
    expect(screen.getByText('90%')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your answers' })).toBeInTheDocument();
    expect(screen.queryByText(/^Question 1 of/)).not.toBeInTheDocument();
  });

  it('a written answer shows “your teacher will mark this”, then the teacher’s mark and comment', async () => {
    await signedInAs({ login_role: 'student' });
    answer('getPassage', () => buildPassage());
    answer('startWorksheet', () => ({ worksheet_id: WORKSHEET_ID }));
    answer('getPassageQuestions', () => ({ questions: withKeys(QUIZ.slice(2, 3)) }));
    const written = {
      question_id: 3,
      question_num: 3,
      sub_question_num: 0,
      marks: 0,
      selected_option: 'They help the flowers grow fruit.',
      time_taken: 30,
      max_marks: 1,
      awaiting_teacher: true,
      comment: null,
    };
    const submitted = {
      ...NOT_SUBMITTED,
      completed: true,
      submitted_at: '2026-11-01T10:00:00.000Z',
      total_score: 0,
      max_score: 1,
    };
    answer('getDiagnosticsSubmission', () => ({ ...submitted, gradings: [written] }));
    const { unmount } = renderApp(paths.book.quiz.getHref(BOOK_ID));
    expect(await screen.findByText('Your teacher will mark this')).toBeInTheDocument();
    expect(screen.getByText(/Your teacher will mark your written answers/)).toBeInTheDocument();
    unmount();

    answer('getDiagnosticsSubmission', () => ({
      ...submitted,
      total_score: 0.5,
      score_percent: 50,
      passed: false,
      gradings: [{ ...written, marks: 0.5, awaiting_teacher: false, comment: 'Good start: say why.' }],
    }));
    renderApp(paths.book.quiz.getHref(BOOK_ID));
    expect(await screen.findByText('Your teacher gave 0.5 of 1 mark.')).toBeInTheDocument();
    expect(screen.getByText('“Good start: say why.”')).toBeInTheDocument();
    expect(screen.getByText('Partly right')).toBeInTheDocument();
    expect(screen.getByText('50%')).toBeInTheDocument();
    expect(screen.queryByText('Your teacher will mark this')).not.toBeInTheDocument();
  });

  it('lets staff try the quiz as a demonstration: answers are checked here and nothing is sent', async () => {
    answer('getPassageQuestions', () => ({ questions: withKeys(QUIZ.slice(0, 2)) }));
    const submit = countCalls('submitDiagnostics', () => new Response() as never);
    const start = countCalls('startWorksheet', () => ({ worksheet_id: WORKSHEET_ID }));
    const { user, router } = await openQuiz('teacher', paths.book.quiz.getHref(BOOK_ID));
    expect(router.state.location.pathname).toBe(paths.book.demoQuiz.getHref(BOOK_ID));

    await user.click(screen.getByRole('radio', { name: 'wax' }));
    await user.click(next());
    await user.type(await screen.findByRole('textbox', { name: 'Where do bees live?' }), 'hive!');
    await user.click(screen.getByRole('button', { name: /Check the answers/ }));

    expect(await screen.findByText('50%')).toBeInTheDocument();
    expect(screen.getByText('The answer: nectar')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Right')).toHaveLength(1));
    expect(submit.count()).toBe(0);
    expect(start.count()).toBe(0);
  });
});
