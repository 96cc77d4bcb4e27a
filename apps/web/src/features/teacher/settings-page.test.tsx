import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, errorAnswer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { buildClass } from '@/test/factories';
import { renderApp } from '@/test/render-app';

const MAPLE = buildClass({ id: 3, name: 'Grade 3 Maple' });
const OAK = buildClass({ id: 4, name: 'Grade 4 Oak' });

async function openSettings(path = '/teacher/settings') {
  await signedInAs({ login_role: 'teacher' });
  answer('listClasses', () => ({ classes: [MAPLE, OAK] }));
  answer('getGoalSettings', () => ({ class_goal: null, goal_settings: [] }));
  answer('getClassTranslation', (request) => ({
    class_id: Number(new URL(request.url).pathname.split('/').at(-3)),
    target_lang: null,
    available: true,
  }));
  return renderApp(path);
}

describe('/teacher/settings', () => {
  it('sets the class’s translation language and shows the class’s reading goals', async () => {
    const saved = countCalls('setClassTranslation', async (request) => ({
      class_id: 3,
      target_lang: ((await request.json()) as { target_lang: 'es' }).target_lang,
      available: true,
    }));
    const { user } = await openSettings();
    expect(await screen.findByRole('heading', { name: 'Grade 3 Maple' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Reading goals' })).toBeInTheDocument();
    const card = within(await screen.findByRole('region', { name: 'Translation while reading' }));
    const select = await card.findByRole('combobox', { name: 'Translate into' });
    expect(select).toHaveValue('off');
    await user.selectOptions(select, 'Spanish');
    await waitFor(() => expect(saved.count()).toBe(1));
    expect(await saved.requests[0]!.json()).toEqual({ target_lang: 'es' });
    expect(new URL(saved.requests[0]!.url).pathname).toBe('/api/v1/classes/3/config/translation');
    expect(await screen.findByText('Translation into Spanish is on for this class.')).toBeInTheDocument();
    expect(card.getByRole('combobox', { name: 'Translate into' })).toHaveValue('es');
  });

  it('opens the class named in the address and shows the server’s refusal under the field', async () => {
    answer('setClassTranslation', () =>
      errorAnswer(400, 'bad_request', 'Some fields are not right.', {
        'body.target_lang': 'choose one of the languages offered',
      }),
    );
    const { user } = await openSettings('/teacher/settings?class=4');
    expect(await screen.findByRole('heading', { name: 'Grade 4 Oak' })).toBeInTheDocument();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Translate into' }), 'French');
    expect(await screen.findByText('choose one of the languages offered')).toBeInTheDocument();
  });

  it('says when no translation service is set up, and when the teacher has no class', async () => {
    await signedInAs({ login_role: 'teacher' });
    answer('listClasses', () => ({ classes: [MAPLE] }));
    answer('getGoalSettings', () => ({ class_goal: null, goal_settings: [] }));
    answer('getClassTranslation', () => ({ class_id: 3, target_lang: 'vi', available: false }));
    const first = renderApp('/teacher/settings');
    expect(await screen.findByText(/No translation service is set up/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Class')).not.toBeInTheDocument();
    first.unmount();
    answer('listClasses', () => ({ classes: [] }));
    renderApp('/teacher/settings');
    expect(await screen.findByRole('heading', { name: 'No classes yet' })).toBeInTheDocument();
  });
});
