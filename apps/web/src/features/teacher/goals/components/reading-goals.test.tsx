import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, errorAnswer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { buildClass } from '@/test/factories';
import { renderApp } from '@/test/render-app';

const CLASS = buildClass();
const student = (student_id: number, name: string) => ({
  student_id,
  name,
  profile_pic_url: null,
  colour_band_id: 4,
  series: 6,
});
const GOAL = { target_lexile: null, target_wpm: null, target_wcpm: 90, target_date: '2031-06-30' };

async function openGoals() {
  await signedInAs({ login_role: 'teacher' });
  answer('listClasses', () => ({ classes: [CLASS] }));
  answer('getClassRecordings', () => ({ recordings: [] }));
  answer('getAnswersToMark', () => ({ answers: [], page: 0, has_more: false }));
  answer('getGoalSettings', () => ({
    class_goal: GOAL,
    goal_settings: [
      { ...student(7, 'Mia Lopez'), goal: { ...GOAL, target_lexile: 650, target_wcpm: null } },
      { ...student(8, 'Ben Cho'), goal: null },
    ],
  }));
  const app = renderApp('/teacher/class');
  const section = within(await screen.findByRole('region', { name: 'Reading goals' }));
  await section.findByRole('table');
  return { ...app, section };
}

describe('reading goals on the class page', () => {
  it('shows the class goal and each student’s own, or the class’s where they have none', async () => {
    const { section } = await openGoals();
    expect(section.getByRole('textbox', { name: /WCPM/ })).toHaveValue('90');
    expect(section.getByLabelText(/^By/)).toHaveValue('2031-06-30');
    const rows = section.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/Mia Lopez.*Lexile 650 · by 30 Jun 2031/),
      expect.stringMatching(/Ben Cho.*Class goal: WCPM 90 · by 30 Jun 2031/),
    ]);
  });

  it('saves the class goal, and shows the server’s field error on the field', async () => {
    const saves = countCalls('updateGoalSettings', async (request) => {
      const body = (await request.json()) as { settings: { class_goal: { target_wpm: number | null } } };
      if (body.settings.class_goal.target_wpm === 999) {
        return errorAnswer(400, 'bad_request', 'target WPM is at most 400', {
          'body.settings.class_goal.target_wpm': 'target WPM is at most 400',
        });
      }
      return { class_goal: { ...GOAL, ...body.settings.class_goal }, goal_settings: [] };
    });
    const { user, section } = await openGoals();
    const wpm = section.getByRole('textbox', { name: /^WPM/ });
    await user.type(wpm, '999');
    await user.click(section.getByRole('button', { name: 'Save goal' }));
    expect(await section.findByText('target WPM is at most 400')).toBeInTheDocument();
    expect(wpm).toHaveAttribute('aria-invalid', 'true');
    await user.clear(wpm);
    await user.type(wpm, '110');
    await user.click(section.getByRole('button', { name: 'Save goal' }));
    await waitFor(() => expect(saves.count()).toBe(2));
    expect(await saves.requests[1]!.json()).toEqual({
      settings: {
        class_goal: { target_lexile: null, target_wpm: 110, target_wcpm: 90, target_date: '2031-06-30' },
      },
    });
    await waitFor(() => expect(section.queryByText('target WPM is at most 400')).not.toBeInTheDocument());
  });

  it('sets one student’s goal in a dialog, and the table shows it', async () => {
    const saves = countCalls('setStudentGoal', async (request) => {
      const { goal } = (await request.json()) as { goal: typeof GOAL };
      if (goal.target_wcpm === null && goal.target_wpm === null && goal.target_lexile === null) {
        return errorAnswer(400, 'bad_request', 'set at least one', {
          'body.goal': 'set at least one of target_lexile, target_wpm, target_wcpm',
        });
      }
      return { student_id: 8, goal };
    });
    const { user, section } = await openGoals();
    await user.click(section.getByRole('button', { name: 'Set goal for Ben Cho' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ben Cho’s reading goal' }));
    await user.click(dialog.getByRole('button', { name: 'Save goal' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('set at least one of target_lexile');
    await user.type(dialog.getByRole('textbox', { name: /WCPM/ }), '80');
    await user.click(dialog.getByRole('button', { name: 'Save goal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(saves.requests[1]!.url).toMatch(/\/v1\/students\/8\/goal$/);
    expect(section.getByRole('row', { name: /Ben Cho/ })).toHaveTextContent('WCPM 80');
  });
});
