import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { answer } from '@/test/api-mocks';
import { renderApp } from '@/test/render-app';
import { buildBook, signedInStudent } from './test-books';

const library = [
  buildBook({ id: 12, title: 'The Red Kite', is_favourited: true }),
  buildBook({ id: 13, title: 'Kite Day', is_favourited: false }),
];

describe('favourites', () => {
  it('shows only the favourite books, asking the server for favourites', async () => {
    await signedInStudent();
    answer('listPassages', (request) => {
      const favouritesOnly = new URL(request.url).searchParams.get('favourites') === 'true';
      return { passages: favouritesOnly ? library.filter((book) => book.is_favourited) : library };
    });
    renderApp(paths.student.favorites.getHref());

    expect(await screen.findByRole('article', { name: 'The Red Kite' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Kite Day' })).not.toBeInTheDocument();
    // Headings go down one level at a time: the page's h1, the count, each book's title.
    expect(screen.getByRole('heading', { level: 2, name: '1 favourite book' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove The Red Kite from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('says how to add a favourite when there are none', async () => {
    await signedInStudent();
    answer('listPassages', () => ({ passages: [] }));
    renderApp(paths.student.favorites.getHref());

    expect(await screen.findByText('No favourites yet')).toBeInTheDocument();
    const howTo = screen.getByText(/Tap the heart on a book/);
    expect(within(howTo).getByRole('link', { name: 'Power builders' })).toHaveAttribute(
      'href',
      paths.student.powerBuilders.getHref(),
    );
  });
});
