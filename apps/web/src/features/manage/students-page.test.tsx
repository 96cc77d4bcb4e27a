import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { answer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { renderApp } from '@/test/render-app';
import { ben, maple, mia, student } from './test-roster';

/** The students list answers from a school of 60: the page and search asked for. */
const school = [
  mia,
  ben,
  ...Array.from({ length: 58 }, (_, index) => student(200 + index, 'Pupil', `No${index + 1}`)),
];

async function openStudents(role: 'owner' | 'teacher' = 'owner') {
  await signedInAs({ login_role: role });
  answer('listClasses', () => ({ classes: [maple] }));
  const lists = countCalls('listStudents', (request) => {
    const query = new URL(request.url).searchParams;
    const search = (query.get('search') ?? '').toLowerCase();
    const page = Number(query.get('page'));
    const limit = Number(query.get('limit'));
    const found = school.filter((row) => `${row.name} ${row.username}`.toLowerCase().includes(search));
    return { students: found.slice(page * limit, (page + 1) * limit), total: found.length };
  });
  const rendered = renderApp(paths.manage.students.getHref());
  await screen.findByText('Mia Lopez');
  // The guard's server check ends after the page shows; it re-renders the page and would close a menu opened early.
  await waitFor(() => expect(rendered.router.state.revalidation).toBe('idle'));
  return { ...rendered, lists };
}

const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

describe('students', () => {
  it('pages through the school on the server', async () => {
    const { user, lists } = await openStudents();
    expect(screen.getByRole('table')).toHaveAccessibleName('Students 1–25 of 60');
    expect(queryOf(lists.requests[0]!)).toEqual({ page: '0', limit: '25' });

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByRole('table', { name: 'Students 51–60 of 60' })).toBeInTheDocument();
    expect(queryOf(lists.requests.at(-1)!)).toEqual({ page: '2', limit: '25' });
  });

  it('sends the search to the server and shows what it found', async () => {
    const { user, lists } = await openStudents();
    await user.type(screen.getByRole('textbox', { name: /Find a student/ }), 'ben');
    expect(await screen.findByRole('table', { name: '1 students' })).toBeInTheDocument();
    expect(screen.queryByText('Mia Lopez')).not.toBeInTheDocument();
    expect(queryOf(lists.requests.at(-1)!)).toEqual({ search: 'ben', page: '0', limit: '25' });
  });

  it('deletes the chosen students after naming each one', async () => {
    const deletes = countCalls('batchDeleteUsers', () => ({ deleted: 2 }));
    const { user } = await openStudents();
    await user.click(screen.getByRole('checkbox', { name: 'Choose Mia Lopez' }));
    await user.click(screen.getByRole('checkbox', { name: 'Choose Ben Cho' }));
    await user.click(screen.getByRole('button', { name: 'Delete (2)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete these students?' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Mia Lopez (mia.lopez)', 'Ben Cho (ben.cho)']);
    await user.click(within(dialog).getByRole('button', { name: 'Delete 2 accounts' }));
    await waitFor(() => expect(deletes.count()).toBe(1));
    expect(await deletes.requests[0]!.json()).toEqual({ user_ids: [101, 102] });
  });

  it('offers teachers no deleting, only what they may do to a student', async () => {
    const unlocks = countCalls('lock', () => ({ username: 'ben.cho', locked_until: null }));
    const { user } = await openStudents('teacher');
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions for Ben Cho' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Unlock sign-in' }));
    expect(await screen.findByText('Ben Cho can sign in again.')).toBeInTheDocument();
    expect(await unlocks.requests[0]!.json()).toEqual({ username: 'ben.cho', locked: false });
  });

  it('sets a level by hand from the bands of the student’s series', async () => {
    const placements = countCalls('placeStudent', () => ({
      student_id: 102,
      series_id: 6,
      colour_band_id: 7,
      placement_test_id: null,
    }));
    const { user } = await openStudents('teacher');
    await user.click(screen.getByRole('button', { name: 'Actions for Ben Cho' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Set level by hand…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Ben Cho’s level' });
    expect(within(dialog).getByRole('combobox', { name: 'Series' })).toHaveDisplayValue('Series BR');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Colour band' }), 'Brown band');
    await user.click(within(dialog).getByRole('button', { name: 'Set the level' }));
    await waitFor(() => expect(placements.count()).toBe(1));
    expect(await placements.requests[0]!.json()).toEqual({ series_id: 6, colour_band_id: 7 });
    expect(await screen.findByText('Ben Cho is now at Brown band, series BR.')).toBeInTheDocument();
  });
});
