import { COINS, PROGRESSION } from '@readalong/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { renderApp } from '@/test/render-app';
import { signedInStudent } from './test-books';

describe('student resources', () => {
  it('opens with how to read a book, and opens each other topic from the keyboard', async () => {
    await signedInStudent();
    const { user } = renderApp(paths.student.resources.getHref());

    expect(await screen.findByText(/Tap Read to me to hear the page/)).toBeVisible();
    const coins = screen.getByRole('button', { name: 'Coins' });
    expect(coins).toHaveAttribute('aria-expanded', 'false');

    coins.focus();
    await user.keyboard('{Enter}');

    expect(coins).toHaveAttribute('aria-expanded', 'true');
    const table = screen.getByRole('table', { name: 'Coins you can earn' });
    expect(within(table).getByRole('row', { name: `Pass a quiz ${COINS.quizPassed}` })).toBeInTheDocument();
  });

  it('explains every quiz question type with an example, and the pass mark the server applies', async () => {
    await signedInStudent();
    const { user } = renderApp(paths.student.resources.getHref());

    await user.click(await screen.findByRole('button', { name: 'Quiz questions' }));

    expect(screen.getByText(new RegExp(`You pass with ${PROGRESSION.passPercent}% or more`))).toBeVisible();
    for (const name of ['Pick the answer', 'Put in order', 'Odd one out', 'Sort into groups']) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(screen.getByText('For example: apple · pear · chair · plum → chair')).toBeInTheDocument();
  });
});
