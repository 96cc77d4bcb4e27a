import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { session } from '@/lib/session';
import { submittedPassages } from '@/lib/submitted-passages';
import { answer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { renderApp } from '@/test/render-app';
import { NOT_SUBMITTED, QUIZ, WORKSHEET_ID, buildOutcome, buildPassage } from '@/shared/quiz/test-quiz';

const TEST_ID = 7;

describe('the placement test', () => {
  it('has the student read the passages, answer, and tells them the band they are placed in', async () => {
    await signedInAs({
      login_role: 'student',
      colour_band_id: null,
      series_id: 1,
      placement_test_id: TEST_ID,
    });
    await submittedPassages.put(9, 1, []);
    answer('getPlacementTest', () => ({ passage_id: TEST_ID, series_id: 1 }));
    answer('getPassage', () =>
      buildPassage({
        id: TEST_ID,
        builder_type_id: 1,
        title: 'Series A Placement Test',
        num_pages: 2,
        pages: [
          {
            page_num: 1,
            text: 'An easy passage.',
            illustration_url: null,
            narration_url: null,
            word_timings: null,
          },
          {
            page_num: 2,
            text: 'A harder passage.',
            illustration_url: null,
            narration_url: null,
            word_timings: null,
          },
        ],
      }),
    );
    const start = countCalls('startWorksheet', () => ({ worksheet_id: WORKSHEET_ID }));
    answer('getDiagnosticsSubmission', () => NOT_SUBMITTED);
    answer('getPassageQuestions', () => ({ questions: QUIZ.slice(0, 1) }));
    const submit = countCalls('submitDiagnostics', () =>
      buildOutcome({
        passed: null,
        score_percent: 60,
        series_id: 1,
        colour_band_id: 9,
        has_reset_colour: true,
      }),
    );
    const { user } = renderApp(paths.placement.getHref());

    await user.click(await screen.findByRole('button', { name: 'Start reading' }));
    expect(screen.getByText('An easy passage.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(screen.getByText('A harder passage.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Answer the questions/ }));
    await user.click(await screen.findByRole('radio', { name: 'nectar' }));
    await user.click(screen.getByRole('button', { name: /Finish the test/ }));

    expect(await screen.findByRole('heading', { name: 'You found your level!' })).toBeInTheDocument();
    expect(screen.getByText('Lime band, series A')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Find my first book/ })).toHaveAttribute(
      'href',
      paths.student.powerBuilders.getHref(),
    );
    expect(submit.count()).toBe(1);
    expect(start.count()).toBeGreaterThan(0);
    // docs/rules.md C16: the placement is stored on the user, and the reset band's cached submissions are dropped.
    expect(session.current()?.user).toMatchObject({
      colour_band_id: 9,
      series_id: 1,
      placement_test_id: null,
    });
    expect(await submittedPassages.get(9, 1)).toBeNull();
  });
});
