/** Accounts made and deleted in bulk by owners and department heads (docs/rules.md M4, M7, M8, LP3). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, signIn, signedInCast, type TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';
import { assignments, licencePacks, users } from '../../db/schema/index.js';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;

beforeAll(async () => {
  t = await createTestApp(); // the clock reads 2026-09-15; the school has 2 students
  cast = await signedInCast(t);
});
afterAll(() => t.close());

const post = (url: string, token: string | undefined, payload: object) =>
  t.request({ method: 'POST', url: `/api/v1/user-management/users/${url}`, token, payload });
const person = (username: string, login_role: string, extra: object = {}) => ({
  first_name: 'New',
  last_name: username,
  username,
  login_role,
  ...extra,
});

describe('POST /v1/user-management/users/batch-create', () => {
  it('names every bad row and writes nothing', async () => {
    const error = expectError(
      await post('batch-create', cast.token.owner, {
        users: [
          person('ok.teacher', 'teacher', { email: 'ok@school.example' }),
          person('no.email', 'teacher'),
          person('new.head', 'department_head', { email: 'head@school.example' }),
          person('far.kid', 'student', { class_ids: [cast.outsider.class.id] }),
        ],
      }),
      400,
    );
    expect(error.fields).toEqual({
      'body.users.1.email': 'staff need an email (for password reset)',
      'body.users.2.login_role': 'only a department head adds department heads',
      'body.users.3.class_ids': `not classes of this school: ${cast.outsider.class.id}`,
    });
    expect(await t.db.select().from(users).where(eq(users.username, 'ok.teacher'))).toEqual([]);
  });

  it('refuses students past the free seats', async () => {
    const error = expectError(
      await post('batch-create', cast.token.owner, { users: [person('kid.a', 'student')] }),
      400,
    );
    expect(error.fields).toEqual({
      'body.users.0': 'not enough licence seats: 0 seats left, 1 student to add',
    });
  });

  it('makes staff who teach their classes and students in theirs', async () => {
    await t.db.insert(licencePacks).values({
      schoolId: cast.world.school.id,
      name: 'Annual',
      seats: 10,
      startsOn: '2026-09-01',
      endsOn: '2027-08-31',
    });
    const response = await post('batch-create', cast.token.owner, {
      users: [
        person('co.teacher', 'teacher', { email: 'co@school.example', class_ids: [cast.world.class.id] }),
        person('kid.b', 'student', { class_ids: [cast.world.class.id], password: 'reading-rocks' }),
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ users: { username: string; login_role: string }[] }>().users).toMatchObject([
      { username: 'co.teacher', login_role: 'teacher' },
      { username: 'kid.b', login_role: 'student', initial_password: null },
    ]);
    const klass = await t.request({
      method: 'GET',
      url: `/api/v1/classes/${cast.world.class.id}`,
      token: cast.token.owner,
    });
    expect(klass.json()).toMatchObject({
      student_count: 3,
      teachers: expect.arrayContaining([expect.objectContaining({ name: 'New co.teacher' })]),
    });
    await signIn(t, 'kid.b', 'reading-rocks');
  });

  it('a department head names a school of the district; teachers may not call', async () => {
    expectError(
      await post('batch-create', cast.token.head, {
        users: [person('x.t', 'teacher', { email: 'x@e.example' })],
      }),
      400,
      'body.users.0.school_id',
    );
    expectError(
      await post('batch-create', cast.token.head, {
        users: [person('x.t', 'teacher', { email: 'x@e.example', school_id: cast.outsider.school.id })],
      }),
      404,
    );
    expectError(await post('batch-create', cast.token.teacher, { users: [person('x.t', 'student')] }), 403);
  });
});

describe('POST /v1/user-management/users/batch-delete', () => {
  it('deletes accounts in scope, all or none; a deleted teacher’s assignments pass to the one deleting', async () => {
    const passage = await t.factories.passage();
    const assignment = await t.factories.assignment(cast.world.class, cast.world.teacher.id, passage.id);
    expectError(
      await post('batch-delete', cast.token.owner, { user_ids: [cast.world.owner.id] }),
      400,
      'body.user_ids',
    );
    expectError(
      await post('batch-delete', cast.token.owner, {
        user_ids: [cast.world.teacher.id, cast.outsider.teacher.id],
      }),
      404,
    );
    const response = await post('batch-delete', cast.token.owner, {
      user_ids: [cast.world.teacher.id, cast.classmate.id],
    });
    expect(response.json()).toEqual({ deleted: 2 });
    const [kept] = await t.db.select().from(assignments).where(eq(assignments.id, assignment.id));
    expect(kept!.teacherId).toBe(cast.world.owner.id);
    expectError(await post('batch-delete', cast.token.head, { user_ids: [cast.outsider.student.id] }), 404);
  });
});
