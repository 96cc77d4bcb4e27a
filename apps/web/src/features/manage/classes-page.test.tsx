import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { answer, errorAnswer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { renderApp } from '@/test/render-app';
import { ben, maple, mia, oak, student, teachers } from './test-roster';

async function openClasses() {
  await signedInAs({ login_role: 'owner' });
  answer('listClasses', () => ({ classes: [maple, oak] }));
  answer('listTeachers', () => ({ teacher: teachers }));
  const rendered = renderApp(paths.manage.classes.getHref());
  await screen.findByRole('link', { name: 'Grade 3 Maple' });
  return rendered;
}

async function openClass(classStudents = [mia, ben]) {
  await signedInAs({ login_role: 'owner' });
  answer('getClass', () => maple);
  answer('getClassStudents', () => ({ students: classStudents }));
  answer('listTeachers', () => ({ teacher: teachers }));
  const rendered = renderApp(paths.manage.class.getHref(3));
  await screen.findByRole('heading', { name: 'Grade 3 Maple' });
  await screen.findByRole('table', { name: `${classStudents.length} students` });
  // The guard's server check ends after the page shows; it re-renders the page and would close a dialog opened early.
  await waitFor(() => expect(rendered.router.state.revalidation).toBe('idle'));
  return rendered;
}

describe('classes', () => {
  it('lists each class with its teachers and how full it is, and finds one by teacher', async () => {
    const { user } = await openClasses();
    const table = screen.getByRole('table');
    expect(within(table).getAllByText('Ana Ruiz').length).toBeGreaterThan(0);
    expect(within(table).getByText('2 of 30')).toBeInTheDocument();
    expect(within(table).getByText('2 of 2 · full')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Find a class' }), 'berg');
    expect(screen.queryByRole('link', { name: 'Grade 3 Maple' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Grade 4 Oak' })).toHaveAttribute('href', '/manage/classes/4');
  });

  it('creates two classes at once and shows the server’s word on the field it refuses', async () => {
    const creates = countCalls('batchCreateClasses', () =>
      errorAnswer(400, 'bad_request', 'Check the highlighted fields.', {
        'body.classes.1.name': 'a class named Ash already exists',
      }),
    );
    const { user } = await openClasses();
    await user.click(screen.getByRole('button', { name: 'New classes' }));
    await user.type(screen.getByRole('textbox', { name: 'Class name' }), 'Elm');
    await user.click(screen.getByRole('button', { name: 'Add another class' }));
    await user.type(screen.getByRole('textbox', { name: 'Class name (class 2)' }), 'Ash');
    const capacity = screen.getByRole('textbox', { name: 'Capacity (class 2)' });
    await user.clear(capacity);
    await user.type(capacity, '24');
    await user.click(screen.getByRole('button', { name: 'Create 2 classes' }));

    await screen.findByText('a class named Ash already exists');
    expect(screen.getByRole('textbox', { name: 'Class name (class 2)' })).toHaveAccessibleDescription(
      'a class named Ash already exists',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Check the highlighted fields.');
    expect(await creates.requests[0]!.json()).toEqual({
      classes: [
        { name: 'Elm', num_students: 100, teacher_ids: [] },
        { name: 'Ash', num_students: 24, teacher_ids: [] },
      ],
    });
  });
});

describe('a class’s students', () => {
  it('shows the students and takes those chosen out of the class after naming them', async () => {
    const removals = countCalls('removeClassStudents', () => ({ class_id: 3, removed: 1 }));
    const { user } = await openClass();
    expect(screen.getByText('2 of 30 students')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Choose Ben Cho' }));
    await user.click(screen.getByRole('button', { name: 'Remove from the class (1)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Remove from the class?' });
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('Ben Cho');
    await user.click(within(dialog).getByRole('button', { name: 'Remove 1 student' }));
    await waitFor(() => expect(removals.count()).toBe(1));
    expect(await removals.requests[0]!.json()).toEqual({ student_ids: [102] });
    expect(await screen.findByText('1 student left the class.')).toBeInTheDocument();
  });

  it('moves the chosen students to another class, and says so when it is full', async () => {
    answer('listClasses', () => ({ classes: [maple, oak] }));
    const moves = countCalls('enrolClassStudents', () =>
      errorAnswer(409, 'conflict', 'Grade 4 Oak holds 2 students: 1 more would pass it.'),
    );
    const { user } = await openClass();
    await user.click(screen.getByRole('checkbox', { name: 'Choose Mia Lopez' }));
    await user.click(screen.getByRole('button', { name: 'Move to another class (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to another class' });
    expect(dialog).toHaveTextContent('Mia Lopez leave Grade 3 Maple');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'New class' }),
      'Grade 4 Oak (2 of 2)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Move 1 student' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Grade 4 Oak holds 2 students: 1 more would pass it.',
    );
    expect(moves.requests[0]!.url).toMatch(/\/v1\/classes\/4\/students\/enrol$/);
    expect(await moves.requests[0]!.json()).toEqual({ student_ids: [101], from_class_id: 3 });
  });

  it('says in words when the class is too full for new students', async () => {
    answer('batchCreateStudents', () =>
      errorAnswer(409, 'conflict', 'Grade 3 Maple holds 30 students: 1 more would pass it.'),
    );
    const { user } = await openClass();
    await user.click(screen.getByRole('button', { name: 'New students' }));
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Zoe');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Park');
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'zoe.park');
    await user.click(screen.getByRole('button', { name: 'Create the student' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Grade 3 Maple holds 30 students: 1 more would pass it.',
    );
  });

  it('shows each new student’s first password once', async () => {
    const creates = countCalls('batchCreateStudents', () => ({
      students: [
        {
          user_id: 103,
          username: 'zoe.park',
          login_role: 'student',
          first_name: 'Zoe',
          last_name: 'Park',
          initial_password: 'plum-river-42',
        },
      ],
    }));
    const { user } = await openClass([mia, ben, student(103, 'Zoe', 'Park')]);
    await user.click(screen.getByRole('button', { name: 'New students' }));
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Zoe');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Park');
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'zoe.park');
    await user.click(screen.getByRole('button', { name: 'Create the student' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: '1 account created' })).toHaveFocus());
    expect(screen.getByText('plum-river-42')).toBeInTheDocument();
    expect(await creates.requests[0]!.json()).toEqual({
      class_id: 3,
      students: [{ first_name: 'Zoe', last_name: 'Park', username: 'zoe.park' }],
    });
  });

  it('refuses a capacity below the enrolment on the capacity field', async () => {
    answer('updateClass', () =>
      errorAnswer(400, 'bad_request', 'Check the highlighted fields.', {
        'body.num_students': 'the class already has 2 students',
      }),
    );
    const { user } = await openClass();
    await user.click(screen.getByRole('button', { name: 'Edit the class' }));
    const capacity = screen.getByRole('textbox', { name: 'Capacity' });
    await user.clear(capacity);
    await user.type(capacity, '1');
    await user.click(screen.getByRole('button', { name: 'Save the class' }));
    expect(await screen.findByText('the class already has 2 students')).toBeInTheDocument();
    expect(capacity).toHaveAccessibleDescription(expect.stringContaining('the class already has 2 students'));
  });
});
