/** Schools with their numbers, and the staff of a school or district (docs/rules.md M6). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInCast, type TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;

beforeAll(async () => {
  t = await createTestApp();
  cast = await signedInCast(t);
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.request({ method: 'GET', url: `/api${url}`, token });

describe('GET /v1/school', () => {
  it('a department head sees the district’s schools with their numbers; an owner their own', async () => {
    const expected = {
      id: cast.world.school.id,
      name: cast.world.school.name,
      district_id: cast.world.district.id,
      student_count: 2,
      teacher_count: 1,
      class_count: 1,
    };
    expect((await get('/v1/school', cast.token.head)).json()).toEqual({ schools: [expected] });
    expect((await get('/v1/school', cast.token.owner)).json()).toEqual({ schools: [expected] });
  });

  it('401 without a session, 403 for teachers and students', async () => {
    expectError(await get('/v1/school'), 401);
    expectError(await get('/v1/school', cast.token.teacher), 403);
    expectError(await get('/v1/school', cast.token.student), 403);
  });
});

describe('GET /v1/teacher', () => {
  it('a teacher sees their school’s owners and teachers with the classes they teach', async () => {
    const response = await get('/v1/teacher', cast.token.teacher);
    const staff = response.json<{ teacher: { id: number; login_role: string; class_ids: number[] }[] }>()
      .teacher;
    expect(staff.map(({ id, login_role, class_ids }) => ({ id, login_role, class_ids }))).toEqual([
      { id: cast.world.owner.id, login_role: 'owner', class_ids: [] },
      { id: cast.world.teacher.id, login_role: 'teacher', class_ids: [cast.world.class.id] },
    ]);
  });

  it('a department head sees the district, or one school of it; another district’s school is 404', async () => {
    const ids = async (query: string) =>
      (await get(`/v1/teacher${query}`, cast.token.head))
        .json<{ teacher: { id: number }[] }>()
        .teacher.map((person) => person.id)
        .sort();
    expect(await ids('')).toEqual([cast.world.owner.id, cast.world.teacher.id, cast.world.head.id].sort());
    expect(await ids(`?school_id=${cast.world.school.id}`)).toEqual(
      [cast.world.owner.id, cast.world.teacher.id].sort(),
    );
    expectError(await get(`/v1/teacher?school_id=${cast.outsider.school.id}`, cast.token.head), 404);
  });

  it('403 for students', async () => {
    expectError(await get('/v1/teacher', cast.token.student), 403);
  });
});
