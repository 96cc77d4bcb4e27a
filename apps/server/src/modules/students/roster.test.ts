/** The students list: scope in SQL, a class, a name searched on the server, pages (docs/rules.md M5). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInCast, type TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;

beforeAll(async () => {
  t = await createTestApp();
  cast = await signedInCast(t);
  const place = { districtId: cast.world.district.id, schoolId: cast.world.school.id };
  for (const [firstName, lastName] of [
    ['Ada', 'Zimmer'],
    ['Ben', 'Young'],
    ['Cleo', '100%_Young'],
  ]) {
    await t.factories.student(place, cast.world.class.id, { firstName, lastName });
  }
});
afterAll(() => t.close());

interface Listed {
  students: { student_id: number; name: string; class_id: number }[];
  total: number;
}
const list = async (token: string, query: string) => {
  const response = await t.request({ method: 'GET', url: `/api/v1/students${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Listed>();
};

describe('GET /v1/students', () => {
  it('pages by last name and counts them all', async () => {
    const first = await list(cast.token.teacher, '?limit=2');
    expect(first.total).toBe(5);
    const second = await list(cast.token.teacher, '?limit=2&page=2');
    expect(second.students.map((student) => student.name)).toEqual(['Ada Zimmer']);
  });

  it('searches names on the server, ignoring case, taking % and _ literally', async () => {
    expect((await list(cast.token.owner, '?search=young')).students.map((s) => s.name)).toEqual([
      'Cleo 100%_Young',
      'Ben Young',
    ]);
    expect((await list(cast.token.owner, '?search=0%25_y')).students.map((s) => s.name)).toEqual([
      'Cleo 100%_Young',
    ]);
    expect((await list(cast.token.owner, '?search=ben%20young')).total).toBe(1);
  });

  it('narrows to a class in scope; another district’s class or school is 404', async () => {
    expect((await list(cast.token.head, `?class_id=${cast.world.class.id}`)).total).toBe(5);
    expect((await list(cast.token.outsider, '')).students.map((s) => s.student_id)).toEqual([
      cast.outsider.student.id,
    ]);
    const outside = (query: string) =>
      t.request({ method: 'GET', url: `/api/v1/students${query}`, token: cast.token.head });
    expectError(await outside(`?class_id=${cast.outsider.class.id}`), 404);
    expectError(await outside(`?school_id=${cast.outsider.school.id}`), 404);
  });

  it('401 without a session, 400 for a page too long, 403 for students', async () => {
    expectError(await t.request({ method: 'GET', url: '/api/v1/students' }), 401);
    expectError(
      await t.request({ method: 'GET', url: '/api/v1/students?limit=1000', token: cast.token.owner }),
      400,
      'query.limit',
    );
    expectError(await t.request({ method: 'GET', url: '/api/v1/students', token: cast.token.student }), 403);
  });
});

describe('GET /v1/students/{id}/classes', () => {
  it('a student reads their own classes; another student’s are 404', async () => {
    const own = await t.request({
      method: 'GET',
      url: `/api/v1/students/${cast.world.student.id}/classes`,
      token: cast.token.student,
    });
    expect(own.json<{ classes: { id: number }[] }>().classes.map((klass) => klass.id)).toEqual([
      cast.world.class.id,
    ]);
    expectError(
      await t.request({
        method: 'GET',
        url: `/api/v1/students/${cast.classmate.id}/classes`,
        token: cast.token.student,
      }),
      404,
    );
  });
});
