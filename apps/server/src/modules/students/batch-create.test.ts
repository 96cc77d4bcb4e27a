/** New students in bulk: all or none, within licence seats and class capacity (docs/rules.md M4, M7, LP3). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, signedInCast, type TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';
import { licencePacks } from '../../db/schema/index.js';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;

beforeAll(async () => {
  t = await createTestApp(); // the clock reads 2026-09-15; the school has 2 students
  cast = await signedInCast(t);
  await t.db.insert(licencePacks).values({
    schoolId: cast.world.school.id,
    name: 'Annual',
    seats: 5,
    startsOn: '2026-09-01',
    endsOn: '2027-08-31',
  });
});
afterAll(() => t.close());

const create = (token: string | undefined, payload: object) =>
  t.request({ method: 'POST', url: '/api/v1/students/batch-create', token, payload });
const kid = (username: string, extra: object = {}) => ({
  first_name: 'Kid',
  last_name: username,
  username,
  ...extra,
});
const studentCount = async () =>
  (await t.request({ method: 'GET', url: '/api/v1/students', token: cast.token.owner })).json<{
    total: number;
  }>().total;

describe('POST /v1/students/batch-create', () => {
  it('names every bad row and writes nothing', async () => {
    const error = expectError(
      await create(cast.token.teacher, {
        class_id: cast.world.class.id,
        students: [kid('new.one'), kid(cast.world.student.username.toUpperCase()), kid('new.one')],
      }),
      400,
    );
    expect(error.fields).toEqual({
      'body.students.1.username': 'this username is taken',
      'body.students.2.username': 'given twice in this list',
    });
    expect(await studentCount()).toBe(2);
  });

  it('refuses past the free seats, saying how many are left', async () => {
    const error = expectError(
      await create(cast.token.teacher, {
        class_id: cast.world.class.id,
        students: ['a.1', 'a.2', 'a.3', 'a.4'].map((name) => kid(name)),
      }),
      400,
      'body.students',
    );
    expect(error.fields!['body.students']).toBe('not enough licence seats: 3 seats left, 4 students to add');
    expect(await studentCount()).toBe(2);
  });

  it('refuses past the class’s capacity', async () => {
    await t.request({
      method: 'PUT',
      url: `/api/v1/classes/${cast.world.class.id}`,
      token: cast.token.teacher,
      payload: { name: 'Small', num_students: 3 },
    });
    const error = expectError(
      await create(cast.token.teacher, { class_id: cast.world.class.id, students: [kid('b.1'), kid('b.2')] }),
      400,
      'body.students',
    );
    expect(error.fields!['body.students']).toBe('Small has 1 place left of 3: 2 students asked');
    await t.request({
      method: 'PUT',
      url: `/api/v1/classes/${cast.world.class.id}`,
      token: cast.token.teacher,
      payload: { name: 'Small', num_students: 30 },
    });
  });

  it('makes the students in the class, a password generated where none is given, shown once', async () => {
    const response = await create(cast.token.teacher, {
      class_id: cast.world.class.id,
      students: [kid('c.one', { password: 'reading-rocks' }), kid('c.two')],
    });
    expect(response.statusCode, response.body).toBe(201);
    const made = response.json<{ students: { username: string; initial_password: string | null }[] }>()
      .students;
    expect(made.map(({ username }) => username)).toEqual(['c.one', 'c.two']);
    expect(made[0]!.initial_password).toBeNull();
    expect(made[1]!.initial_password).toMatch(/^[a-zA-Z2-9]{10}$/);
    await signIn(t, 'c.one', 'reading-rocks');
    await signIn(t, 'c.two', made[1]!.initial_password!);
    const inClass = await t.request({
      method: 'GET',
      url: `/api/v1/classes/${cast.world.class.id}/students`,
      token: cast.token.teacher,
    });
    expect(
      inClass
        .json<{ students: { username: string; class_id: number }[] }>()
        .students.filter((s) => s.username.startsWith('c.')),
    ).toMatchObject([
      { username: 'c.one', class_id: cast.world.class.id },
      { username: 'c.two', class_id: cast.world.class.id },
    ]);
  });

  it('a class out of scope is 404; students may not call', async () => {
    expectError(
      await create(cast.token.teacher, { class_id: cast.outsider.class.id, students: [kid('d.1')] }),
      404,
    );
    expectError(
      await create(cast.token.student, { class_id: cast.world.class.id, students: [kid('d.1')] }),
      403,
    );
    expectError(await create(undefined, { class_id: cast.world.class.id, students: [kid('d.1')] }), 401);
  });
});
