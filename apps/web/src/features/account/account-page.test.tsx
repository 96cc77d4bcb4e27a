import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { answer, errorAnswer } from '@/test/api-mocks';
import { countCalls, profileAnswer, signedInAs } from '@/test/auth';
import { session } from '@/lib/session';
import { renderApp } from '@/test/render-app';
import { expectSignedOutEverywhere, signOutEverywhere } from '@/test/sign-out-everywhere';

describe('a staff member’s account', () => {
  it('is reached from the account menu and changes the email with the current password', async () => {
    await signedInAs({ login_role: 'owner' });
    answer('getProfile', () => ({ ...profileAnswer, login_role: 'owner' }));
    answer('listSchools', () => ({ schools: [] }));
    const saves = countCalls('updateProfile', () =>
      errorAnswer(400, 'bad_request', 'Check the highlighted fields.', {
        'body.current_password': 'the current password is wrong',
      }),
    );
    const { user, router } = renderApp(paths.manage.school.getHref());
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Your account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/teacher/account');

    const details = await screen.findByRole('region', { name: 'Your details' });
    const email = within(details).getByRole('textbox', { name: /Email/ });
    await user.clear(email);
    await user.type(email, 'dana@new.test');
    await user.type(within(details).getByLabelText(/Current password/), 'guess');
    await user.click(within(details).getByRole('button', { name: 'Save my details' }));
    expect(await within(details).findByText('the current password is wrong')).toBeInTheDocument();
    await waitFor(() => expect(saves.count()).toBe(1));
    expect(await saves.requests[0]!.json()).toMatchObject({
      email: 'dana@new.test',
      current_password: 'guess',
    });
  });

  it('signs out on every device after a confirmation and ends at the sign-in page', async () => {
    await signedInAs({ login_role: 'teacher' });
    answer('getProfile', () => profileAnswer);
    const everywhere = countCalls('logoutEverywhere', () => ({ sessions_ended: 3 }));
    // The session has ended on the server, so this device's own sign-out is refused; it signs out all the same.
    answer('logout', () => errorAnswer(401, 'unauthenticated', 'session has ended'));
    const { user, router } = renderApp(paths.teacher.account.getHref());
    expect(await screen.findByRole('region', { name: 'Sign out everywhere' })).toHaveTextContent(
      'Signs you out on every device, this one too',
    );
    await signOutEverywhere(user);

    await expectSignedOutEverywhere(router, everywhere);
  });

  it('stays signed in and says why when the server cannot be reached', async () => {
    await signedInAs({ login_role: 'teacher' });
    answer('getProfile', () => profileAnswer);
    answer('logoutEverywhere', () =>
      errorAnswer(503, 'service_unavailable', 'ReadAlong is busy, try again.'),
    );
    const { user, router } = renderApp(paths.teacher.account.getHref());
    const dialog = await signOutEverywhere(user);

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You are still signed in: ReadAlong is busy, try again.',
    );
    expect(router.state.location.pathname).toBe('/teacher/account');
    expect(session.current()).not.toBeNull();
  });
});
