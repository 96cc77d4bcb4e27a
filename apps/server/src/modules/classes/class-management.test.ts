/** Staff make and change classes and move students between them (docs/rules.md M1–M4). */
import { describe, expect, it } from 'vitest';
import { expectError } from '../../../test/ladder.js';
import { useSignedInCast } from './class-test-setup.js';

const setup = useSignedInCast();

interface ClassView {
  id: number;
  name: string;
  num_students: number;
  student_count: number;
  school_id: number;
  teachers: { id: number; name: string }[];
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | undefined, payload?: object) =>
  setup.t.request({ method, url: `/api${url}`, token, ...(payload ? { payload } : {}) });

async function makeClass(token: string, payload: object) {
  const response = await call('POST', '/v1/classes', token, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ClassView>();
}

describe('POST /v1/classes', () => {
  it('a teacher makes a class in their school and is its teacher; capacity defaults to 100', async () => {
    const made = await makeClass(setup.cast.token.teacher, { name: '4C' });
    expect(made).toMatchObject({
      name: '4C',
      num_students: 100,
      student_count: 0,
      school_id: setup.cast.world.school.id,
      teachers: [{ id: setup.cast.world.teacher.id }],
    });
  });

  it('an owner names its teachers; someone who is not staff of the school is refused on the field', async () => {
    const made = await makeClass(setup.cast.token.owner, {
      name: '5A',
      teacher_ids: [setup.cast.world.teacher.id],
    });
    expect(made.teachers.map((teacher) => teacher.id)).toEqual([setup.cast.world.teacher.id]);
    const error = expectError(
      await call('POST', '/v1/classes', setup.cast.token.owner, {
        name: '5B',
        teacher_ids: [setup.cast.outsider.teacher.id, setup.cast.world.student.id],
      }),
      400,
      'body.teacher_ids',
    );
    expect(error.fields!['body.teacher_ids']).toBe(
      `not staff of this school: ${setup.cast.outsider.teacher.id}, ${setup.cast.world.student.id}`,
    );
  });

  it('a department head names the school: missing is 400, another district’s is 404', async () => {
    expectError(
      await call('POST', '/v1/classes', setup.cast.token.head, { name: 'X' }),
      400,
      'body.school_id',
    );
    expectError(
      await call('POST', '/v1/classes', setup.cast.token.head, {
        name: 'X',
        school_id: setup.cast.outsider.school.id,
      }),
      404,
    );
    const made = await makeClass(setup.cast.token.head, { name: 'Y', school_id: setup.cast.world.school.id });
    expect(made.school_id).toBe(setup.cast.world.school.id);
  });

  it('401 without a session, 400 naming a bad field, 403 for students', async () => {
    expectError(await call('POST', '/v1/classes', undefined, { name: 'Z' }), 401);
    expectError(await call('POST', '/v1/classes', setup.cast.token.owner, { name: '' }), 400, 'body.name');
    expectError(await call('POST', '/v1/classes', setup.cast.token.student, { name: 'Z' }), 403);
  });
});

describe('POST /v1/classes/batch-create', () => {
  it('makes every class or none, naming each bad row', async () => {
    const before = (await call('GET', '/v1/classes', setup.cast.token.owner)).json<{ classes: unknown[] }>()
      .classes;
    const error = expectError(
      await call('POST', '/v1/classes/batch-create', setup.cast.token.owner, {
        classes: [
          { name: 'Good' },
          { name: 'Bad grade', academic_level_id: 999_999 },
          { name: 'Bad teacher', teacher_ids: [setup.cast.outsider.teacher.id] },
        ],
      }),
      400,
    );
    expect(error.fields).toEqual({
      'body.classes.1.academic_level_id': 'no such grade',
      'body.classes.2.teacher_ids': `not staff of this school: ${setup.cast.outsider.teacher.id}`,
    });
    const after = (await call('GET', '/v1/classes', setup.cast.token.owner)).json<{ classes: unknown[] }>()
      .classes;
    expect(after).toHaveLength(before.length);

    const response = await call('POST', '/v1/classes/batch-create', setup.cast.token.owner, {
      classes: [{ name: 'Zebras' }, { name: 'Ants', num_students: 25 }],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(
      response.json<{ classes: ClassView[] }>().classes.map(({ name, num_students }) => [name, num_students]),
    ).toEqual([
      ['Zebras', 100],
      ['Ants', 25],
    ]);
  });
});

describe('GET and PUT /v1/classes/{id}', () => {
  it('reads a class in scope; another district’s or another teacher’s is 404', async () => {
    const own = await call('GET', `/v1/classes/${setup.cast.world.class.id}`, setup.cast.token.teacher);
    expect(own.json<ClassView>()).toMatchObject({ id: setup.cast.world.class.id, student_count: 2 });
    expectError(
      await call('GET', `/v1/classes/${setup.cast.outsider.class.id}`, setup.cast.token.owner),
      404,
    );
    const untaught = await makeClass(setup.cast.token.owner, { name: 'Untaught' });
    expectError(await call('GET', `/v1/classes/${untaught.id}`, setup.cast.token.teacher), 404);
  });

  it('changes name and capacity, never below the students enrolled', async () => {
    const id = setup.cast.world.class.id;
    const error = expectError(
      await call('PUT', `/v1/classes/${id}`, setup.cast.token.teacher, { name: '3B', num_students: 1 }),
      400,
      'body.num_students',
    );
    expect(error.fields!['body.num_students']).toBe('2 students are enrolled: the capacity cannot be lower');
    const response = await call('PUT', `/v1/classes/${id}`, setup.cast.token.teacher, {
      name: '3B',
      num_students: 2,
    });
    expect(response.json<ClassView>()).toMatchObject({ name: '3B', num_students: 2, student_count: 2 });
    expectError(
      await call('PUT', `/v1/classes/${setup.cast.outsider.class.id}`, setup.cast.token.head, {
        name: 'x',
        num_students: 5,
      }),
      404,
    );
  });
});

describe('a class’s students', () => {
  it('lists them, moves one to another class within its capacity, and removes one', async () => {
    const from = setup.cast.world.class.id;
    const students = (await call('GET', `/v1/classes/${from}/students`, setup.cast.token.teacher)).json<{
      students: { student_id: number; class_id: number }[];
    }>().students;
    expect(students.map((student) => student.student_id).sort()).toEqual(
      [setup.cast.world.student.id, setup.cast.classmate.id].sort(),
    );

    const small = await makeClass(setup.cast.token.teacher, { name: 'Small', num_students: 1 });
    const full = expectError(
      await call('POST', `/v1/classes/${small.id}/students/enrol`, setup.cast.token.teacher, {
        student_ids: [setup.cast.world.student.id, setup.cast.classmate.id],
      }),
      400,
      'body.student_ids',
    );
    expect(full.fields!['body.student_ids']).toBe('Small has 1 place left of 1: 2 students asked');

    const moved = await call('POST', `/v1/classes/${small.id}/students/enrol`, setup.cast.token.teacher, {
      student_ids: [setup.cast.classmate.id],
      from_class_id: from,
    });
    expect(moved.json()).toEqual({ class_id: small.id, enrolled: 1 });
    const classesOf = (
      await call('GET', `/v1/students/${setup.cast.classmate.id}/classes`, setup.cast.token.teacher)
    ).json<{
      classes: ClassView[];
    }>().classes;
    expect(classesOf.map((klass) => klass.id)).toEqual([small.id]);
    const listed = (await call('GET', `/v1/classes/${small.id}/students`, setup.cast.token.teacher)).json<{
      students: { student_id: number; class_id: number }[];
    }>().students;
    expect(listed).toMatchObject([{ student_id: setup.cast.classmate.id, class_id: small.id }]);

    const removed = await call('POST', `/v1/classes/${small.id}/students`, setup.cast.token.teacher, {
      student_ids: [setup.cast.classmate.id],
    });
    expect(removed.json()).toEqual({ class_id: small.id, removed: 1 });
    expectError(
      await call('POST', `/v1/classes/${small.id}/students`, setup.cast.token.teacher, {
        student_ids: [setup.cast.classmate.id],
      }),
      400,
      'body.student_ids',
    );
  });

  it('a student of another school or district cannot be enrolled: 404', async () => {
    expectError(
      await call('POST', `/v1/classes/${setup.cast.world.class.id}/students/enrol`, setup.cast.token.head, {
        student_ids: [setup.cast.outsider.student.id],
      }),
      404,
    );
  });
});
