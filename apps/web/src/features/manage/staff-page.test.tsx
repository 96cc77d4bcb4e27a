import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { answer, errorAnswer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { renderApp } from '@/test/render-app';
import { maple, oak, staffMember, teachers } from './test-roster';

const owner = staffMember(7, 'Dana', 'Okafor', 'owner');

async function openStaff(role: 'owner' | 'teacher' = 'owner') {
  await signedInAs({ login_role: role, user_id: 7 });
  answer('listTeachers', () => ({
    teacher: [owner, { ...teachers[0]!, class_ids: [3, 4] }, teachers[1]!],
  }));
  answer('listClasses', () => ({ classes: [maple, oak] }));
  const rendered = renderApp(paths.manage.staff.getHref());
  await screen.findByRole('table', { name: '3 staff members' });
  await waitFor(() => expect(rendered.router.state.revalidation).toBe('idle'));
  return rendered;
}

describe('staff', () => {
  it('lists the staff with their role and classes', async () => {
    await openStaff();
    const row = screen.getByRole('row', { name: /Ana Ruiz/ });
    expect(within(row).getAllByText('Grade 3 Maple, Grade 4 Oak').length).toBeGreaterThan(0);
    expect(
      within(screen.getByRole('row', { name: /Dana Okafor/ })).getAllByText(/School owner/).length,
    ).toBeGreaterThan(0);
  });

  it('creates a teacher and shows the server’s word on the email field', async () => {
    const creates = countCalls('batchCreateUsers', () =>
      errorAnswer(400, 'bad_request', 'Check the highlighted fields.', {
        'body.users.0.email': 'must be an email address',
      }),
    );
    const { user } = await openStaff();
    await user.click(screen.getByRole('button', { name: 'New staff member' }));
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Lee');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Wu');
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'lee.wu');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'lee@');
    await user.click(screen.getByRole('button', { name: 'Create the account' }));
    await screen.findByText('must be an email address');
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription(
      expect.stringContaining('must be an email address'),
    );
    expect(await creates.requests[0]!.json()).toEqual({
      users: [
        { first_name: 'Lee', last_name: 'Wu', username: 'lee.wu', email: 'lee@', login_role: 'teacher' },
      ],
    });
  });

  it('deletes the chosen accounts after naming them, and never offers the owner’s own', async () => {
    const deletes = countCalls('batchDeleteUsers', () => ({ deleted: 1 }));
    const { user } = await openStaff();
    expect(screen.queryByRole('checkbox', { name: 'Choose Dana Okafor' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Choose Tom Berg' }));
    await user.click(screen.getByRole('button', { name: 'Delete (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete these staff accounts?' });
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('Tom Berg (tom.berg)');
    await user.click(within(dialog).getByRole('button', { name: 'Delete 1 account' }));
    await waitFor(() => expect(deletes.count()).toBe(1));
    expect(await deletes.requests[0]!.json()).toEqual({ user_ids: [22] });
  });

  it('shows teachers the list without creating or deleting', async () => {
    await openStaff('teacher');
    expect(screen.queryByRole('button', { name: 'New staff member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
