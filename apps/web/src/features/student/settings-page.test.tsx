import { DEFAULT_READING_SETTINGS } from '@readalong/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { READING_SETTINGS_KEY } from '@/lib/reading-settings';
import { answer } from '@/test/api-mocks';
import { signedInAs } from '@/test/auth';
import { buildAccessToken } from '@/test/factories';
import { renderApp } from '@/test/render-app';

async function openSettings() {
  await signedInAs({ login_role: 'student' });
  answer('validate', () => ({
    access_token: buildAccessToken(),
    login_role: 'student',
    refresh_token: null,
  }));
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
