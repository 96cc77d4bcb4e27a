import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { answer } from '@/test/api-mocks';
import { countCalls } from '@/test/auth';
import { renderApp } from '@/test/render-app';
import { buildBook, signedInStudent } from './test-books';

const books = [
  buildBook({ id: 11, title: 'Big Blue Sea', colour_band_id: 6, pages_completed: 3, num_pages: 10 }),
  buildBook({ id: 12, title: 'The Red Kite', colour_band_id: 5 }),
  buildBook({ id: 13, title: 'Kite Day', colour_band_id: 5, worksheet_completed: true }),
  buildBook({ id: 14, title: 'Red Fox Runs', colour_band_id: 4, is_favourited: true }),
];

const titlesIn = (section: HTMLElement) =>
  within(section)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

describe('power builders library', () => {
  it('lists the student’s band first, then the other books, with cover, band, progress and a read link', async () => {
    await signedInStudent();
    const list = countCalls('listPassages', () => ({ passages: books }));
    renderApp(paths.student.powerBuilders.getHref());

    const yourLevel = await screen.findByRole('region', { name: 'Your level' });
    const alsoForYou = screen.getByRole('region', { name: 'Also for you' });
    expect(titlesIn(yourLevel)).toEqual(['The Red Kite', 'Kite Day']);
    expect(titlesIn(alsoForYou)).toEqual(['Big Blue Sea', 'Red Fox Runs']);
    expect(new URL(list.requests[0]!.url).searchParams.get('type_id')).toBe('2');

    const kite = screen.getByRole('article', { name: 'The Red Kite' });
    expect(within(kite).getByRole('img', { name: 'Cover of The Red Kite' })).toBeInTheDocument();
    expect(within(kite).getByText('Orange band')).toBeInTheDocument();
    expect(within(kite).getByText('New')).toBeInTheDocument();
    expect(within(kite).getByRole('link', { name: 'Read The Red Kite' })).toHaveAttribute(
      'href',
      paths.book.read.getHref(12),
    );
    expect(
      within(screen.getByRole('article', { name: 'Kite Day' })).getByText('Finished'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Big Blue Sea' })).getByText('Page 3 of 10'),
    ).toBeInTheDocument();
  });

  it('filters the books by title as the student types', async () => {
    await signedInStudent();
    answer('listPassages', () => ({ passages: books }));
    const { user } = renderApp(paths.student.powerBuilders.getHref());

    await user.type(await screen.findByRole('searchbox', { name: 'Search books' }), 'kite');

    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Big Blue Sea' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: 'The Red Kite' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Kite Day' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Also for you' })).not.toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Search books' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search books' }), 'dragon');
    expect(await screen.findByText('No books found')).toBeInTheDocument();
  });

  it('favourites a book: sends the call and fills the heart', async () => {
    await signedInStudent();
    let favourited = false;
    answer('listPassages', () => ({
      passages: [buildBook({ id: 12, title: 'The Red Kite', is_favourited: favourited })],
    }));
    const favourite = countCalls('favouritePassage', async (request) => {
      favourited = ((await request.json()) as { favourite: boolean }).favourite;
      return { passage_id: 12, is_favourited: favourited };
    });
    const { user } = renderApp(paths.student.powerBuilders.getHref());

    const heart = await screen.findByRole('button', { name: 'Add The Red Kite to favourites' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);

    const pressed = await screen.findByRole('button', { name: 'Remove The Red Kite from favourites' });
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(favourite.count()).toBe(1));
    expect(new URL(favourite.requests[0]!.url).pathname).toBe('/api/v1/worksheets/passage/12/favourite');
    expect(await favourite.requests[0]!.json()).toEqual({ favourite: true });
  });

  it('sends a student without a band to the placement test', async () => {
    await signedInStudent({ colour_band_id: null, series_id: null, placement_test_id: 40 });
    answer('listPassages', () => ({ passages: [] }));
    renderApp(paths.student.powerBuilders.getHref());

    expect(await screen.findByRole('heading', { name: 'Take your placement test' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start the placement test' })).toHaveAttribute(
      'href',
      paths.placement.getHref(),
    );
  });
});
