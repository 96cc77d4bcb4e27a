import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { answer, errorAnswer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { buildClass, buildPassage, buildStudentSummary } from '@/test/factories';
import { lastClass } from '@/shared/school-scope/last-class';
import { renderApp } from '@/test/render-app';
import type { AssignmentActivity, StudentProgress } from './api/assignments';

const maple = buildClass();
const mia = buildStudentSummary({ student_id: 11, first_name: 'Mia', last_name: 'Lopez', name: 'Mia Lopez' });
const ben = buildStudentSummary({ student_id: 12, first_name: 'Ben', last_name: 'Ode', name: 'Ben Ode' });
const { pages: _pages, ...kite } = buildPassage(['Sam has a kite.', 'It flies.']);

const notStarted = (student: { student_id: number; name: string }): StudentProgress => ({
  student_id: student.student_id,
  name: student.name,
  worksheet_id: null,
  started_at: null,
  pages_read: 0,
  num_pages: 2,
  read: false,
  quiz_submitted: false,
  score_percent: null,
  passed: null,
  recording: 'none',
  completed: false,
  completed_at: null,
});

const kiteAssigned: AssignmentActivity = {
  assignment_id: 70,
  passage_id: kite.id,
  title: kite.title,
  builder_type_id: 2,
  series_id: 6,
  colour_band_id: 5,
  student_ids: null,
  read_aloud: true,
  due_at: '2030-01-31',
  note: 'Read it twice.',
  created_at: '2029-12-01T09:00:00.000Z',
  students_assigned: 2,
  students_started: 1,
  students_read: 1,
  students_completed: 1,
  quizzes_submitted: 1,
  recordings_submitted: 1,
  average_score_percent: 90,
  students: [
    {
      ...notStarted(mia),
      worksheet_id: 500,
      started_at: '2029-12-02T09:00:00.000Z',
      pages_read: 2,
      read: true,
      quiz_submitted: true,
      score_percent: 90,
      passed: true,
      recording: 'graded',
      completed: true,
      completed_at: '2029-12-03T09:00:00.000Z',
    },
    notStarted(ben),
  ],
};

async function openLibrary() {
  await signedInAs({ login_role: 'teacher' });
  answer('listPassages', () => ({ passages: [kite] }));
  answer('listClasses', () => ({ classes: [maple] }));
  answer('getClassStudents', () => ({ students: [mia, ben] }));
  const rendered = renderApp(paths.assignments.allPowerBuilders.getHref());
  await screen.findByRole('heading', { name: kite.title });
  await waitFor(() => expect(rendered.router.state.revalidation).toBe('idle'));
  return rendered;
}

async function openAssigned(assignments: AssignmentActivity[], { lastChosen = 0, href = '' } = {}) {
  const { user_id } = await signedInAs({ login_role: 'teacher' });
  if (lastChosen) lastClass.set(user_id, lastChosen);
  answer('listClasses', () => ({ classes: [maple, buildClass({ id: 4, name: 'Grade 4 Oak' })] }));
  answer('getClassStudents', () => ({ students: [mia, ben] }));
  const reads = countCalls('getAssignmentsActivity', () => ({ assignments }));
  const rendered = renderApp(href || paths.assignments.assigned.getHref());
  await waitFor(() => expect(rendered.router.state.revalidation).toBe('idle'));
  return { ...rendered, reads };
}

describe('assigning from the library', () => {
  it('assigns a book to chosen students with a due date and a note; the server’s refusal shows on its field', async () => {
    const creates = countCalls('createAssignment', () =>
      errorAnswer(400, 'bad_request', 'Check the highlighted fields.', { 'body.due_at': 'not a date' }),
    );
    const { user } = await openLibrary();
    await user.click(screen.getByRole('button', { name: `Assign ${kite.title}` }));
    const dialog = await screen.findByRole('dialog', { name: `Assign “${kite.title}”` });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Class' }), 'Grade 3 Maple');
    await user.click(within(dialog).getByRole('radio', { name: 'Chosen students' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Mia Lopez' }));
    await user.type(within(dialog).getByLabelText('Due date'), '2030-01-31');
    await user.type(within(dialog).getByRole('textbox', { name: 'Note for the students' }), 'Read it twice.');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    expect(await within(dialog).findByText('not a date')).toBeVisible();
    expect(await creates.requests[0]!.json()).toEqual({
      passage_id: kite.id,
      class_id: maple.id,
      student_ids: [mia.student_id],
      due_at: '2030-01-31',
      note: 'Read it twice.',
      read_aloud: true,
    });

    answer('createAssignment', () => ({
      id: 70,
      passage_id: kite.id,
      passage_title: kite.title,
      builder_type_id: 2,
      class_id: maple.id,
      student_ids: [mia.student_id],
      read_aloud: true,
      due_at: '2030-01-31',
      note: 'Read it twice.',
      created_by: 7,
      created_at: '2029-12-01T09:00:00.000Z',
      worksheet_id: null,
      completed: null,
    }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText(`“${kite.title}” is assigned. Its students are told.`)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks for a class, and for a student when the teacher chose “Chosen students”, before calling', async () => {
    const creates = countCalls('createAssignment', () => errorAnswer(500, 'internal', 'not expected'));
    const { user } = await openLibrary();
    await user.click(screen.getByRole('button', { name: `Assign ${kite.title}` }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Chosen students' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Choose the class it is for')).toBeVisible();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Class' }), 'Grade 3 Maple');
    await within(dialog).findByRole('checkbox', { name: 'Ben Ode' });
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Choose at least one student')).toBeVisible();
    expect(creates.count()).toBe(0);
  });

  it('lists every skill builder to assign too, without the band picker', async () => {
    const { user } = await openLibrary();
    answer('listSkillBuilders', () => ({
      skill_builders: [{ ...kite, id: 90, builder_type_id: 3, title: 'Finding the main idea' }],
    }));
    await user.click(screen.getByRole('radio', { name: 'Skill builders' }));
    expect(await screen.findByRole('button', { name: 'Assign Finding the main idea' })).toBeVisible();
    expect(screen.queryByRole('link', { name: /Preview/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Colour band')).not.toBeInTheDocument();
  });
});

describe('what is assigned', () => {
  it('shows each assignment with its due date and how many finished, then each student’s progress', async () => {
    const { user, reads } = await openAssigned([kiteAssigned]);
    const card = await screen.findByRole('article', { name: kite.title });
    expect(reads.requests[0]!.url).toMatch(/class_id=3$/);
    expect(within(card).getByText('Due 31 Jan 2030')).toBeVisible();
    expect(within(card).getByText('Whole class')).toBeVisible();
    expect(within(card).getByRole('progressbar', { name: 'Finished: 1 of 2' })).toBeVisible();

    await user.click(within(card).getByRole('button', { name: 'Show each student’s progress' }));
    const table = within(card).getByRole('table', { name: '2 students' });
    const miaRow = within(table).getByRole('row', { name: /Mia Lopez/ });
    expect(within(miaRow).getByText('Finished')).toBeVisible();
    expect(within(miaRow).getByText('90% · passed')).toBeInTheDocument();
    expect(within(miaRow).getByText('Graded')).toBeInTheDocument();
    expect(
      within(within(table).getByRole('row', { name: /Ben Ode/ })).getByText('Not started'),
    ).toBeVisible();
    expect(within(card).getByText('Average quiz score: 90%')).toBeVisible();
  });

  it('another class is read when chosen, and an empty one says where to assign from', async () => {
    const { user, reads } = await openAssigned([]);
    expect(
      await screen.findByRole('heading', { name: 'Nothing assigned to Grade 3 Maple yet' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the library' })).toHaveAttribute(
      'href',
      paths.assignments.allPowerBuilders.getHref(),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Class' }), 'Grade 4 Oak');
    await waitFor(() => expect(reads.requests.at(-1)!.url).toMatch(/class_id=4$/));
  });

  it('opens on the class last chosen on a teaching page (C48); a class in the address wins', async () => {
    const { reads, unmount } = await openAssigned([], { lastChosen: 4 });
    expect(await screen.findByRole('heading', { name: 'Nothing assigned to Grade 4 Oak yet' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Class' })).toHaveValue('4');
    expect(reads.requests.map((request) => new URL(request.url).searchParams.get('class_id'))).toEqual(['4']);
    unmount();

    await openAssigned([], {
      lastChosen: 4,
      href: `${paths.assignments.assigned.getHref()}?class=${maple.id}`,
    });
    expect(
      await screen.findByRole('heading', { name: 'Nothing assigned to Grade 3 Maple yet' }),
    ).toBeVisible();
  });

  it('remembers the class chosen here for the next visit (C48)', async () => {
    const { user, unmount } = await openAssigned([]);
    await screen.findByRole('heading', { name: 'Nothing assigned to Grade 3 Maple yet' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Class' }), 'Grade 4 Oak');
    await screen.findByRole('heading', { name: 'Nothing assigned to Grade 4 Oak yet' });
    unmount();
    await openAssigned([]);
    expect(await screen.findByRole('heading', { name: 'Nothing assigned to Grade 4 Oak yet' })).toBeVisible();
  });

  it('changes the due date and students, and withdraws after asking', async () => {
    const updates = countCalls('updateAssignment', () => ({
      id: 70,
      passage_id: kite.id,
      passage_title: kite.title,
      builder_type_id: 2,
      class_id: maple.id,
      student_ids: [ben.student_id],
      read_aloud: true,
      due_at: '2030-02-07',
      note: 'Read it twice.',
      created_by: 7,
      created_at: '2029-12-01T09:00:00.000Z',
      worksheet_id: null,
      completed: null,
    }));
    const withdrawals = countCalls('deleteAssignment', () => ({ success: true }));
    const { user } = await openAssigned([kiteAssigned]);
    const card = await screen.findByRole('article', { name: kite.title });

    await user.click(within(card).getByRole('button', { name: `Change ${kite.title}` }));
    const dialog = await screen.findByRole('dialog', { name: `Change “${kite.title}”` });
    const due = within(dialog).getByLabelText('Due date');
    await user.clear(due);
    await user.type(due, '2030-02-07');
    await user.click(within(dialog).getByRole('radio', { name: 'Chosen students' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Ben Ode' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates.count()).toBe(1));
    expect(updates.requests[0]!.url).toMatch(/\/v1\/worksheets\/70\/assignments$/);
    expect(await updates.requests[0]!.json()).toEqual({
      student_ids: [ben.student_id],
      due_at: '2030-02-07',
      note: 'Read it twice.',
      read_aloud: true,
    });

    await user.click(within(card).getByRole('button', { name: `Withdraw ${kite.title}` }));
    const confirm = await screen.findByRole('dialog', { name: `Withdraw “${kite.title}”?` });
    expect(within(confirm).getByText(/The work they have done on it is kept/)).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(withdrawals.count()).toBe(1));
    expect(withdrawals.requests[0]!.url).toMatch(/\/v1\/worksheets\/70\/assignments\/delete$/);
  });
});
