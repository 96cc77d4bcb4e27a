import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { answer, errorAnswer } from '@/test/api-mocks';
import { signedInAs } from '@/test/auth';
import { buildAccessToken } from '@/test/factories';
import { renderApp } from '@/test/render-app';

const details = {
  colour_band_id: 5,
  series_id: 6,
  coins: 12,
  read_aloud_enabled: true,
  narration_enabled: true,
  class_id: 3,
  placement_test_id: null,
};

async function openHome(answerDetails: Parameters<typeof answer<'getUserDetails'>>[1]) {
  await signedInAs({ login_role: 'student', first_name: 'Mia' });
  answer('validate', () => ({
    access_token: buildAccessToken(),
    login_role: 'student',
    refresh_token: null,
  }));
  answer('getUserDetails', answerDetails);
  return renderApp(paths.student.home.getHref());
}

describe('student home', () => {
  it('shows the level from the server: colour band, series and coins', async () => {
    await openHome(() => details);

    expect(await screen.findByText('Orange band')).toBeInTheDocument();
    expect(screen.getByText('Series BR')).toBeInTheDocument();
    expect(screen.getByText('12 coins')).toBeInTheDocument();
    expect(screen.getByText('Hi Mia! Ready to read?')).toBeInTheDocument();
  });

  it('asks a student without a band to take the placement test', async () => {
    await openHome(() => ({
      ...details,
      colour_band_id: null,
      series_id: null,
      placement_test_id: 40,
      coins: 1,
    }));

    expect(await screen.findByRole('heading', { name: 'Take your placement test' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start the placement test' })).toHaveAttribute(
      'href',
      paths.placement.getHref(),
    );
    expect(screen.getByText('1 coin')).toBeInTheDocument();
  });

  it('says so when the level cannot be loaded, and tries again', async () => {
    let calls = 0;
    const { user } = await openHome(() => {
      calls += 1;
      return calls === 1 ? errorAnswer(500, 'internal', 'The server had a problem.') : details;
    });

    expect(await screen.findByText('Your level could not be loaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Orange band')).toBeInTheDocument();
  });
});
