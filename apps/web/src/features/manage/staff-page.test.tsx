import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { answer, errorAnswer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { renderApp } from '@/test/render-app';
import type { StaffMember } from './api/staff';
import { chooseAction } from './test-menu';
import { maple, oak, staffMember, teachers } from './test-roster';

const owner = staffMember(7, 'Dana', 'Okafor', 'owner');

const school = () => [owner, { ...teachers[0]!, class_ids: [3, 4] }, teachers[1]!];

/** `staff` answers each listing, so a test can change a member between two listings. */
async function openStaff(role: 'owner' | 'teacher' = 'owner', staff: () => StaffMember[] = school) {
  await signedInAs({ login_role: role, user_id: 7 });
  answer('listTeachers', () => ({ teacher: staff() }));
  answer('listClasses', () => ({ classes: [maple, oak] }));
  const rendered = renderApp(paths.manage.staff.getHref());
  await screen.findByRole('table', { name: `${staff().length} staff members` });
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

  it('shows teachers the list without creating, deleting or changing accounts', async () => {
    await openStaff('teacher');
    expect(screen.queryByRole('button', { name: 'New staff member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
  });

  it('offers each other member of staff edit, a set-password link and disabling, never the owner’s own row', async () => {
    await openStaff();
    expect(screen.queryByRole('button', { name: 'Actions for Dana Okafor' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions for Ana Ruiz' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions for Tom Berg' })).toBeInTheDocument();
  });

  it('edits a teacher’s email and shows the server’s word on the field', async () => {
    const edits = countCalls('updateUser', () =>
      errorAnswer(400, 'bad_request', 'Check the highlighted fields.', {
        'body.email': 'that email is taken',
      }),
    );
    const { user } = await openStaff();
    await chooseAction(user, 'Tom Berg', 'Edit…');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Tom Berg' });
    const email = within(dialog).getByRole('textbox', { name: /Email/ });
    expect(email).toHaveValue('tom@school.test');
    await user.clear(email);
    await user.type(email, 'ana@school.test');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(email).toHaveAccessibleDescription(expect.stringContaining('that email is taken')),
    );
    expect(await edits.requests[0]!.json()).toEqual({ email: 'ana@school.test' });
  });

  it('emails a set-password link and says where it went', async () => {
    const resets = countCalls('setUserPassword', () => ({
      initial_password: null,
      link_sent_to: 'tom@school.test',
    }));
    const { user } = await openStaff();
    await chooseAction(user, 'Tom Berg', 'Send a set-password link…');
    const dialog = await screen.findByRole('dialog', { name: 'Send a set-password link?' });
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('Tom Berg (tom.berg)');
    await user.click(within(dialog).getByRole('button', { name: 'Send the link' }));

    expect(await screen.findByText('A link was sent to tom@school.test.')).toBeInTheDocument();
    expect(new URL(resets.requests[0]!.url).pathname).toMatch(/\/users\/22\/password$/);
  });

  it('disables a teacher after naming them, and marks them disabled', async () => {
    let isTomDisabled = false;
    const edits = countCalls('updateUser', () => {
      isTomDisabled = true;
      return { ...teachers[1]!, disabled: true };
    });
    const { user } = await openStaff('owner', () => [owner, { ...teachers[1]!, disabled: isTomDisabled }]);
    await chooseAction(user, 'Tom Berg', 'Disable…');
    const dialog = await screen.findByRole('dialog', { name: 'Disable this account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable the account' }));

    expect(await within(screen.getByRole('row', { name: /Tom Berg/ })).findByText('Disabled')).toBeVisible();
    expect(await edits.requests[0]!.json()).toEqual({ disabled: true });
  });
});
