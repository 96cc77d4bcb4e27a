import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, errorAnswer } from '@/test/api-mocks';
import { signedInAs } from '@/test/auth';
import { renderApp } from '@/test/render-app';
import { textOf, watchSaves } from '@/test/saved-files';

const LEVELS = {
  id: 'how-levels-work',
  title: 'How levels work',
  description: 'Series and colour bands on one chart.',
  category: 'Guide',
  blocks: [
    { kind: 'paragraph' as const, text: 'Every student reads at a level.' },
    {
      kind: 'colour_bands' as const,
      caption: 'Colour bands',
      bands: [{ id: 3, name: 'rose', colour: '#E8738F', lexile: '190L–240L', series: ['BR'] }],
    },
    {
      kind: 'table' as const,
      caption: 'Figures',
      columns: ['Figure', 'How'],
      rows: [['WCPM', 'words ÷ minutes']],
    },
  ],
};
const LETTER = {
  id: 'letter-to-families',
  title: 'Letter to families',
  description: 'A letter for home.',
  category: 'Families',
  blocks: [{ kind: 'write_in' as const, lines: ['Child’s name', 'Sign-in name'] }],
};

afterEach(() => vi.restoreAllMocks());

async function openResources() {
  await signedInAs({ login_role: 'teacher' });
  answer('getTeacherResources', () => ({ resources: [LEVELS, LETTER] }));
  return renderApp('/teacher/resources');
}

describe('/teacher/resources', () => {
  it('lists the guides; Open shows one with its colour-band chart', async () => {
    const { user } = await openResources();
    expect(await screen.findByRole('heading', { name: 'How levels work' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Letter to families' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open How levels work' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Teaching resource' }));
    const chart = dialog.getByRole('table', { name: 'Colour bands' });
    expect(within(chart).getByRole('row', { name: /3 rose 190L–240L BR/ })).toBeInTheDocument();
    expect(dialog.getByText('Every student reads at a level.')).toBeInTheDocument();
  });

  it('downloads a guide as a page of its own, and prints only the guide chosen', async () => {
    const saves = watchSaves();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      // While printing, the guide is laid out for paper and nothing else is.
      expect(document.querySelector('[class*="printable"]')?.textContent).toContain('Sign-in name');
    });
    const { user } = await openResources();
    await user.click(await screen.findByRole('button', { name: 'Download Letter to families' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.name).toBe('letter-to-families.html');
    const file = await textOf(saves[0]!.blob);
    expect(file).toMatch(/^<!doctype html>/);
    expect(file).toContain('<title>Letter to families</title>');
    expect(file).toContain('Sign-in name:');
    await user.click(screen.getByRole('button', { name: 'Print Letter to families' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(document.querySelector('[class*="printable"]')).toBeNull());
  });

  it('says when the guides could not be loaded', async () => {
    await signedInAs({ login_role: 'teacher' });
    answer('getTeacherResources', () => errorAnswer(500, 'internal', 'Something went wrong.'));
    renderApp('/teacher/resources');
    expect(await screen.findByText('The teaching resources could not be loaded')).toBeInTheDocument();
  });
});
