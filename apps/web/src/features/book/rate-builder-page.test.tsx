import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { answer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { renderApp } from '@/test/render-app';
import { NOT_SUBMITTED, QUIZ, WORKSHEET_ID, buildPassage } from '@/shared/quiz/test-quiz';
import { wordsPerMinute } from './rate-builder-page';

const RATE_BUILDER_ID = 55;

afterEach(() => vi.useRealTimers());

describe('the rate builder', () => {
  it('times the reading, says the words per minute, then asks the questions on the rate-builder worksheet', async () => {
    await signedInAs({ login_role: 'student' });
    answer('getPassage', () =>
      buildPassage({ id: RATE_BUILDER_ID, builder_type_id: 4, title: 'Squirrels in Winter', word_count: 90 }),
    );
    const start = countCalls('startRateBuilder', () => ({ worksheet_id: WORKSHEET_ID }));
    const progress = countCalls('saveReadingProgress', () => ({ completed: false, pages_completed: 1 }));
    answer('getDiagnosticsSubmission', () => NOT_SUBMITTED);
    answer('getPassageQuestions', () => ({ questions: QUIZ.slice(0, 1) }));
    const { user } = renderApp(paths.book.rateBuilder.getHref(RATE_BUILDER_ID));

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(await screen.findByRole('button', { name: /Start the timer/ }));
    expect(screen.getByText('Bees make honey from nectar.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(45_000));
    await user.click(screen.getByRole('button', { name: 'I have finished reading' }));

    expect(screen.getByText(/You read 90 words in 0:4\d\./)).toBeInTheDocument();
    expect(screen.getByText(/words a minute/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Answer the questions/ }));
    expect(await screen.findByRole('heading', { name: QUIZ[0]!.prompt })).toBeInTheDocument();
    expect(start.count()).toBeGreaterThan(0);
    expect(progress.count()).toBe(1);
  });

  it('counts whole words per minute', () => {
    expect(wordsPerMinute(90, 45)).toBe(120);
    expect(wordsPerMinute(100, 0)).toBe(0);
  });
});
