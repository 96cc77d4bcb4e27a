import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { answer, errorAnswer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { buildAccessToken } from '@/test/factories';
import { renderApp } from '@/test/render-app';

async function openSettings(days = 365) {
  await signedInAs({ login_role: 'department_head' });
  answer('validate', () => ({
    access_token: buildAccessToken(),
    login_role: 'department_head',
    refresh_token: null,
  }));
  answer('getStaticSchools', () => ({ schools: [{ id: 1, name: 'Maple Primary', district_id: 1 }] }));
  answer('getDistrictSettings', () => ({ audio_retention_days: days }));
  const rendered = renderApp(paths.district.settings.getHref());
  const field = await screen.findByRole('textbox', { name: /Keep recordings’ audio for/ });
  return { ...rendered, field };
}

describe('district settings: audio retention', () => {
  it('shows the current retention, and saves the new one with a toast', async () => {
    const saves = countCalls('updateDistrictSettings', () => ({ audio_retention_days: 180 }));
    const { user, field } = await openSettings(365);
    expect(field).toHaveValue('365');
    expect(screen.getByText(/marks, scores .* and the teacher’s comments stay/)).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '180');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saves.count()).toBe(1));
    expect(await saves.requests[0]!.json()).toEqual({ audio_retention_days: 180 });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Saved: recordings’ audio is kept for 180 days.',
    );
  });

  it('checks the range before sending, and shows the server’s word on the field', async () => {
    const saves = countCalls('updateDistrictSettings', () =>
      errorAnswer(400, 'bad_request', 'Check the highlighted fields.', {
        'body.audio_retention_days': 'must be at least 30 days',
      }),
    );
    const { user, field } = await openSettings(90);
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('type a number of days')).toBeInTheDocument();
    await user.type(field, '4000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('must be at most 3650 days')).toBeInTheDocument();
    expect(saves.count()).toBe(0);

    await user.clear(field);
    await user.type(field, '45');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('must be at least 30 days')).toBeInTheDocument();
    expect(saves.count()).toBe(1);
    expect(await saves.requests[0]!.json()).toEqual({ audio_retention_days: 45 });
  });
});
