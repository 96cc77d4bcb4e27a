import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { answer, errorAnswer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { renderApp } from '@/test/render-app';
import type { ManagedStudent } from './api/students';
import { chooseAction } from './test-menu';
import { ben, maple, mia, student } from './test-roster';

/** The students list answers from a school of 60: the page and search asked for. */
const school = [
  mia,
  ben,
  ...Array.from({ length: 58 }, (_, index) => student(200 + index, 'Pupil', `No${index + 1}`)),
];

/** `rows` answers each listing of the school, so a test can change a student between two listings. */
async function openStudents(
  role: 'owner' | 'teacher' = 'owner',
  rows: () => ManagedStudent[] = () => school,
) {
  await signedInAs({ login_role: role });
  answer('listClasses', () => ({ classes: [maple] }));
  const lists = countCalls('listStudents', (request) => {
    const query = new URL(request.url).searchParams;
    const search = (query.get('search') ?? '').toLowerCase();
    const page = Number(query.get('page'));
    const limit = Number(query.get('limit'));
    const found = rows().filter((row) => `${row.name} ${row.username}`.toLowerCase().includes(search));
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
    expect(await screen.findByRole('table', { name: '1 student' })).toBeInTheDocument();
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
    await chooseAction(user, 'Ben Cho', 'Unlock sign-in');
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
    await chooseAction(user, 'Ben Cho', 'Set level by hand…');
    const dialog = await screen.findByRole('dialog', { name: 'Set Ben Cho’s level' });
    expect(within(dialog).getByRole('combobox', { name: 'Series' })).toHaveDisplayValue('Series BR');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Colour band' }), 'Brown band');
    await user.click(within(dialog).getByRole('button', { name: 'Set the level' }));
    await waitFor(() => expect(placements.count()).toBe(1));
    expect(await placements.requests[0]!.json()).toEqual({ series_id: 6, colour_band_id: 7 });
    expect(await screen.findByText('Ben Cho is now at Brown band, series BR.')).toBeInTheDocument();
  });

  it('edits a student’s account and shows the server’s word on the username', async () => {
    const edits = countCalls('updateUser', () =>
      errorAnswer(400, 'bad_request', 'Check the highlighted fields.', {
        'body.username': 'that username is taken',
      }),
    );
    const { user } = await openStudents();
    await chooseAction(user, 'Ben Cho', 'Edit…');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ben Cho' });
    expect(within(dialog).queryByRole('textbox', { name: /Email/ })).not.toBeInTheDocument();
    const username = within(dialog).getByRole('textbox', { name: /Username/ });
    await user.clear(username);
    await user.type(username, 'mia.lopez');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(username).toHaveAccessibleDescription(expect.stringContaining('that username is taken')),
    );
    // Only what changed is sent.
    expect(await edits.requests[0]!.json()).toEqual({ username: 'mia.lopez' });
    expect(new URL(edits.requests[0]!.url).pathname).toMatch(/\/users\/102$/);
  });

  it('resets a password to one the server makes up and shows it once', async () => {
    const resets = countCalls('setUserPassword', () => ({
      initial_password: 'tulip-42-river',
      link_sent_to: null,
    }));
    const { user } = await openStudents();
    await chooseAction(user, 'Ben Cho', 'Reset password…');
    const form = await screen.findByRole('dialog', { name: 'Reset Ben Cho’s password' });
    expect(within(form).getByRole('radio', { name: 'Make one up for me' })).toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Reset the password' }));

    const shown = await screen.findByRole('dialog', { name: 'Ben Cho’s new password' });
    expect(
      within(shown)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['ben.cho', 'tulip-42-river']);
    expect(within(shown).getByRole('button', { name: 'Copy the password' })).toHaveFocus();
    expect(await resets.requests[0]!.json()).toEqual({});
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('tulip-42-river')).not.toBeInTheDocument());
  });

  it('resets a password to one the teacher types, with the server’s word on the field', async () => {
    const resets = countCalls('setUserPassword', () =>
      errorAnswer(400, 'bad_request', 'Check the highlighted fields.', {
        'body.password': 'must be at least 8 characters',
      }),
    );
    const { user } = await openStudents();
    await chooseAction(user, 'Mia Lopez', 'Reset password…');
    const dialog = await screen.findByRole('dialog', { name: 'Reset Mia Lopez’s password' });
    await user.click(within(dialog).getByRole('radio', { name: 'I will type one' }));
    await user.type(within(dialog).getByLabelText(/^Password/), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Reset the password' }));

    expect(await within(dialog).findByText('must be at least 8 characters')).toBeInTheDocument();
    expect(await resets.requests[0]!.json()).toEqual({ password: 'short' });
  });

  it('disables a student after naming them, and marks them disabled in the list', async () => {
    let isBenDisabled = false;
    const edits = countCalls('updateUser', () => {
      isBenDisabled = true;
      return { ...ben, id: 102, email: null, login_role: 'student', school_id: 1, disabled: true };
    });
    const { user } = await openStudents('owner', () => [mia, { ...ben, disabled: isBenDisabled }]);
    expect(within(screen.getByRole('row', { name: /Ben Cho/ })).queryByText('Disabled')).toBeNull();
    await chooseAction(user, 'Ben Cho', 'Disable…');
    const dialog = await screen.findByRole('dialog', { name: 'Disable this account?' });
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('Ben Cho (ben.cho)');
    await user.click(within(dialog).getByRole('button', { name: 'Disable the account' }));

    expect(await within(screen.getByRole('row', { name: /Ben Cho/ })).findByText('Disabled')).toBeVisible();
    expect(await edits.requests[0]!.json()).toEqual({ disabled: true });
  });

  it('shows the seats left when enabling a student would take one too many', async () => {
    countCalls('updateUser', () =>
      errorAnswer(400, 'bad_request', 'not enough licence seats: 0 seats left, 1 student to add', {
        'body.disabled': 'not enough licence seats: 0 seats left, 1 student to add',
      }),
    );
    const { user } = await openStudents('owner', () => [mia, { ...ben, disabled: true }]);
    await chooseAction(user, 'Ben Cho', 'Enable…');
    const dialog = await screen.findByRole('dialog', { name: 'Enable this account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Enable the account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('0 seats left');
  });

  it('offers teachers no editing, password reset or disabling', async () => {
    const { user } = await openStudents('teacher');
    await user.click(screen.getByRole('button', { name: 'Actions for Ben Cho' }));
    // Hidden or not (see chooseAction): the items must not exist at all.
    await screen.findByRole('menuitem', { name: 'Unlock sign-in', hidden: true });
    for (const item of ['Edit…', 'Reset password…', 'Disable…']) {
      expect(screen.queryByRole('menuitem', { name: item, hidden: true })).not.toBeInTheDocument();
    }
  });
});
