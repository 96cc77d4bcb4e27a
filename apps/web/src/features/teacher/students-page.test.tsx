import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer } from '@/test/api-mocks';
import { signedInAs } from '@/test/auth';
import { buildStudentOverviewRow } from '@/test/factories';
import { renderApp } from '@/test/render-app';
import type { StudentOverview } from './students/api/student-overview';

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS - 60_000).toISOString();
const MAPLE = { id: 3, name: 'Maple' };
const OAK = { id: 4, name: 'Oak' };

function student(overrides: Partial<StudentOverview>): StudentOverview {
  return buildStudentOverviewRow({
    student_id: 1,
    username: 'student',
    first_name: 'Sam',
    last_name: 'Reed',
    name: 'Sam Reed',
    class_id: MAPLE.id,
    last_active_at: daysAgo(0),
    classes: [MAPLE],
    ...overrides,
  });
}

const mia = student({
  student_id: 11,
  username: 'mia.l',
  first_name: 'Mia',
  last_name: 'Lopez',
  name: 'Mia Lopez',
  books_this_week: 3,
  latest_wpm: 82,
  latest_wcpm: 78,
  recordings_to_review: 2,
  last_quiz: { title: 'The Kite', score_percent: 90, passed: true, submitted_at: '2030-03-02T10:00:00.000Z' },
  goals: [{ kind: 'wcpm', target: 70, current: 78, target_date: null, achieved_at: null }],
});
const ben = student({
  student_id: 12,
  username: 'ben.c',
  first_name: 'Ben',
  last_name: 'Cho',
  name: 'Ben Cho',
  classes: [OAK],
  class_id: OAK.id,
  books_this_week: 1,
  latest_wpm: 60,
  latest_wcpm: 51,
  failed_quizzes: 1,
  last_active_at: daysAgo(9),
  last_quiz: { title: 'Storm', score_percent: 40, passed: false, submitted_at: '2030-03-01T10:00:00.000Z' },
});
const ada = student({
  student_id: 13,
  username: 'ada.b',
  first_name: 'Ada',
  last_name: 'Brook',
  name: 'Ada Brook',
});

async function openHome(students: StudentOverview[] = [mia, ben, ada], path = '/teacher/students') {
  await signedInAs({ login_role: 'teacher' });
  answer('getStudentReadingOverview', () => ({ students }));
  const app = renderApp(path);
  await screen.findByRole('table');
  return app;
}

/** The names in the table, top to bottom. */
const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('link').textContent);

/** Picks a class in the filter. */
async function chooseClass(user: Awaited<ReturnType<typeof openHome>>['user'], name: string) {
  await user.selectOptions(screen.getByRole('combobox', { name: 'Class' }), name);
}

describe('the teacher’s home: their students', () => {
  it('shows every student with what needs attention first, each name linking to the student', async () => {
    await openHome();
    expect(names()).toEqual(['Ben Cho', 'Mia Lopez', 'Ada Brook']);
    const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr')!;
    expect(within(rowOf('Mia Lopez')).getByText('2 recordings to review')).toBeInTheDocument();
    expect(rowOf('Mia Lopez')).toHaveTextContent('Red band, series BR');
    expect(rowOf('Mia Lopez')).toHaveTextContent('WCPM 78 of 70met');
    expect(within(rowOf('Ben Cho')).getByText('1 failed quiz')).toBeInTheDocument();
    expect(within(rowOf('Ben Cho')).getByText('inactive 9 days')).toBeInTheDocument();
    expect(rowOf('Ben Cho')).toHaveTextContent('40%');
    expect(within(rowOf('Ada Brook')).queryAllByText(/review|failed|inactive/)).toEqual([]);
    expect(screen.getByRole('link', { name: 'Ben Cho' })).toHaveAttribute('href', '/teacher/students/12');
  });

  it('sorts by a column both ways, saying so with aria-sort', async () => {
    const { user } = await openHome();
    const wcpm = () => screen.getByRole('columnheader', { name: /Latest WCPM/ });
    expect(wcpm()).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: /Needs attention/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await user.click(within(wcpm()).getByRole('button'));
    expect(wcpm()).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Mia Lopez', 'Ben Cho', 'Ada Brook']);
    await user.click(within(wcpm()).getByRole('button'));
    expect(wcpm()).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['Ben Cho', 'Mia Lopez', 'Ada Brook']); // no reading stays last
    await user.click(within(screen.getByRole('columnheader', { name: /Student/ })).getByRole('button'));
    expect(names()).toEqual(['Ada Brook', 'Ben Cho', 'Mia Lopez']);
  });

  it('filters by class (kept in the address) and by name', async () => {
    const { user } = await openHome();
    await chooseClass(user, 'Oak');
    await waitFor(() => expect(names()).toEqual(['Ben Cho']));
    expect(screen.getByText('Showing 1 of 3 students')).toBeInTheDocument();
    await chooseClass(user, 'All classes');
    await waitFor(() => expect(names()).toHaveLength(3));
    await user.type(screen.getByRole('textbox', { name: 'Find a student' }), 'bro');
    expect(names()).toEqual(['Ada Brook']);
    await user.type(screen.getByRole('textbox', { name: 'Find a student' }), 'zzz');
    expect(screen.getByText(/No student matches/)).toBeInTheDocument();
    expect(screen.queryByText('No students yet')).not.toBeInTheDocument();
  });

  it('opens on the class in the address', async () => {
    await openHome(undefined, '/teacher/students?class=3');
    expect(names()).toEqual(['Mia Lopez', 'Ada Brook']);
  });

  it('says “No students yet” only when the teacher has none', async () => {
    await signedInAs({ login_role: 'teacher' });
    answer('getStudentReadingOverview', () => ({ students: [] }));
    renderApp('/teacher/students');
    expect(await screen.findByText('No students yet')).toBeInTheDocument();
  });
});
