import { DEFAULT_READING_SETTINGS } from '@readalong/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { READING_SETTINGS_KEY } from '@/lib/reading-settings';
import { session } from '@/lib/session';
import { answer, errorAnswer } from '@/test/api-mocks';
import { countCalls, profileAnswer, signedInAs } from '@/test/auth';
import { buildAccessToken } from '@/test/factories';
import { renderApp } from '@/test/render-app';
import { expectSignedOutEverywhere, signOutEverywhere } from '@/test/sign-out-everywhere';

const STUDENT_PROFILE = { ...profileAnswer, login_role: 'student' as const, email: null };

async function openSettings() {
  await signedInAs({ login_role: 'student' });
  answer('validate', () => ({
    access_token: buildAccessToken(),
    login_role: 'student',
    refresh_token: null,
  }));
  answer('getProfile', () => STUDENT_PROFILE);
  const rendered = renderApp(paths.student.settings.getHref());
  await screen.findByRole('switch', { name: /Highlight words/ });
  return rendered;
}

const stored = () => JSON.parse(window.localStorage.getItem(READING_SETTINGS_KEY) ?? 'null') as unknown;

describe('student reading settings', () => {
  it('shows the defaults and saves each change at once', async () => {
    const { user } = await openSettings();

    expect(screen.getByRole('switch', { name: /Highlight words/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /Read the book to me/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /Page-turn animation/ })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: /Background music/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: '1×' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Normal' })).toBeChecked();

    await user.click(screen.getByRole('switch', { name: /Page-turn animation/ }));
    expect(stored()).toEqual({ ...DEFAULT_READING_SETTINGS, pageFlip: true });

    await user.click(screen.getByRole('radio', { name: '1.25×' }));
    await user.click(screen.getByRole('radio', { name: 'Bigger' }));
    expect(stored()).toEqual({
      ...DEFAULT_READING_SETTINGS,
      pageFlip: true,
      narrationSpeed: 1.25,
      fontSize: 1.5,
    });
    expect(screen.getByRole('switch', { name: /Page-turn animation/ })).toBeChecked();
  });

  it('shows the defaults when the stored settings are damaged', async () => {
    window.localStorage.setItem(READING_SETTINGS_KEY, JSON.stringify({ highlight: 'maybe', fontSize: 40 }));
    await openSettings();

    expect(screen.getByRole('switch', { name: /Highlight words/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Normal' })).toBeChecked();
  });
});

describe('the student’s profile', () => {
  it('saves a new name, and keeps it on this device', async () => {
    const saves = countCalls('updateProfile', () => ({ ...STUDENT_PROFILE, first_name: 'Danielle' }));
    const { user } = await openSettings();
    const firstName = await screen.findByRole('textbox', { name: 'First name' });
    await user.clear(firstName);
    await user.type(firstName, 'Danielle');
    await user.click(screen.getByRole('button', { name: 'Save my details' }));

    await waitFor(() => expect(saves.count()).toBe(1));
    expect(await saves.requests[0]!.json()).toEqual({
      first_name: 'Danielle',
      last_name: 'Okafor',
      email: null,
    });
    await waitFor(() => expect(session.current()?.user.first_name).toBe('Danielle'));
  });

  it('checks the new password twice before sending, and shows the server’s word on the current one', async () => {
    const saves = countCalls('updateProfile', () =>
      errorAnswer(400, 'bad_request', 'Check the highlighted fields.', {
        'body.current_password': 'is not your current password',
      }),
    );
    const { user } = await openSettings();
    await user.type(await screen.findByLabelText('Current password'), 'wrong-one');
    await user.type(screen.getByLabelText(/^New password/), 'a-new-password');
    await user.type(screen.getByLabelText('Repeat the new password'), 'a-different-one');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('does not match the new password')).toBeInTheDocument();
    expect(saves.count()).toBe(0);

    await user.clear(screen.getByLabelText('Repeat the new password'));
    await user.type(screen.getByLabelText('Repeat the new password'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('is not your current password')).toBeInTheDocument();
    expect(saves.count()).toBe(1);
  });

  it('signs the student out on every device and ends at the sign-in page', async () => {
    const everywhere = countCalls('logoutEverywhere', () => ({ sessions_ended: 2 }));
    answer('logout', () => errorAnswer(401, 'unauthenticated', 'session has ended'));
    const { user, router } = await openSettings();
    await signOutEverywhere(user);

    await expectSignedOutEverywhere(router, everywhere);
  });
});
