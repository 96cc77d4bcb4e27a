import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { answer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { renderApp } from '@/test/render-app';
import { NOT_SUBMITTED, QUIZ, WORKSHEET_ID, buildOutcome, buildPassage } from '@/shared/quiz/test-quiz';

const SKILL_BUILDER_ID = 60;

describe('a skill builder', () => {
  it('records each page read, then its quiz pays the completion coins', async () => {
    await signedInAs({ login_role: 'student' });
    answer('getPassage', () =>
      buildPassage({
        id: SKILL_BUILDER_ID,
        builder_type_id: 3,
        title: 'As Cool as a Cucumber',
        num_pages: 2,
        pages: [
          {
            page_num: 1,
            text: 'Dev was as cool as a cucumber.',
            illustration_url: null,
            narration_url: null,
            word_timings: null,
          },
          {
            page_num: 2,
            text: 'His heart was a drum.',
            illustration_url: null,
            narration_url: null,
            word_timings: null,
          },
        ],
      }),
    );
    answer('startWorksheet', () => ({ worksheet_id: WORKSHEET_ID }));
    const progress = countCalls('saveReadingProgress', () => ({ completed: false, pages_completed: 1 }));
    answer('getDiagnosticsSubmission', () => NOT_SUBMITTED);
    answer('getPassageQuestions', () => ({ questions: QUIZ.slice(0, 1) }));
    answer('submitDiagnostics', () => buildOutcome({ coins_awarded: 20 }));
    const { user } = renderApp(paths.skillBuilder.getHref(SKILL_BUILDER_ID));

    expect(await screen.findByText('Dev was as cool as a cucumber.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await user.click(screen.getByRole('button', { name: /Answer the questions/ }));
    await user.click(await screen.findByRole('radio', { name: 'nectar' }));
    await user.click(screen.getByRole('button', { name: /Finish the quiz/ }));

    expect(await screen.findByText('+20 coins')).toBeInTheDocument();
    await waitFor(() => expect(progress.count()).toBe(2));
    const pages = await Promise.all(
      progress.requests.map(async (request) => ((await request.json()) as { page_num: number }).page_num),
    );
    expect(pages).toEqual([1, 2]);
  });
});
