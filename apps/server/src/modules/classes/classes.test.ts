import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInCast, type TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';
import { classes } from '../../db/schema/index.js';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;

beforeAll(async () => {
  t = await createTestApp();
  cast = await signedInCast(t);
});
afterAll(() => t.close());

interface ClassView {
  id: number;
  name: string;
  student_count: number;
  school_id: number;
  teachers: { id: number; name: string }[];
}

const list = (token: string | undefined, query = '') =>
  t.request({ method: 'GET', url: `/api/v1/classes${query}`, token });
const names = async (token: string, query = '') => {
  const response = await list(token, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ classes: ClassView[] }>().classes;
};

describe('GET /v1/classes', () => {
  it('a teacher sees the classes they teach, with the students enrolled and their teachers', async () => {
    const [own] = await names(cast.token.teacher);
    expect(own).toMatchObject({
      id: cast.world.class.id,
      student_count: 2,
      school_id: cast.world.school.id,
      teachers: [{ id: cast.world.teacher.id }],
    });
    const [other] = await t.db
      .insert(classes)
      .values({ schoolId: cast.world.school.id, districtId: cast.world.district.id, name: 'Untaught' })
      .returning();
    expect((await names(cast.token.teacher)).map((klass) => klass.id)).toEqual([cast.world.class.id]);
    expect((await names(cast.token.owner)).map((klass) => klass.id)).toContain(other!.id);
  });

  it('a department head sees the district, narrowed to one school; a school elsewhere is 404', async () => {
    const all = await names(cast.token.head, '');
    expect(all.every((klass) => klass.school_id === cast.world.school.id)).toBe(true);
    expect(await names(cast.token.head, `?school_id=${cast.world.school.id}`)).toEqual(all);
    expectError(await list(cast.token.head, `?school_id=${cast.outsider.school.id}`), 404);
    expect(await names(cast.token.outsider)).not.toContainEqual(
      expect.objectContaining({ id: cast.world.class.id }),
    );
  });

  it('401 without a session, 403 for students', async () => {
    expectError(await list(undefined), 401);
    expectError(await list(cast.token.student), 403);
  });
});
