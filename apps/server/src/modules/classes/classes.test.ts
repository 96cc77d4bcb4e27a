import { describe, expect, it } from 'vitest';
import { expectError } from '../../../test/ladder.js';
import { classes } from '../../db/schema/index.js';
import { useSignedInCast } from './class-test-setup.js';

const setup = useSignedInCast();

interface ClassView {
  id: number;
  name: string;
  student_count: number;
  school_id: number;
  teachers: { id: number; name: string }[];
}

const list = (token: string | undefined, query = '') =>
  setup.t.request({ method: 'GET', url: `/api/v1/classes${query}`, token });
const names = async (token: string, query = '') => {
  const response = await list(token, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ classes: ClassView[] }>().classes;
};

describe('GET /v1/classes', () => {
  it('a teacher sees the classes they teach, with the students enrolled and their teachers', async () => {
    const [own] = await names(setup.cast.token.teacher);
    expect(own).toMatchObject({
      id: setup.cast.world.class.id,
      student_count: 2,
      school_id: setup.cast.world.school.id,
      teachers: [{ id: setup.cast.world.teacher.id }],
    });
    const [other] = await setup.t.db
      .insert(classes)
      .values({
        schoolId: setup.cast.world.school.id,
        districtId: setup.cast.world.district.id,
        name: 'Untaught',
      })
      .returning();
    expect((await names(setup.cast.token.teacher)).map((klass) => klass.id)).toEqual([
      setup.cast.world.class.id,
    ]);
    expect((await names(setup.cast.token.owner)).map((klass) => klass.id)).toContain(other!.id);
  });

  it('a department head sees the district, narrowed to one school; a school elsewhere is 404', async () => {
    const all = await names(setup.cast.token.head, '');
    expect(all.every((klass) => klass.school_id === setup.cast.world.school.id)).toBe(true);
    expect(await names(setup.cast.token.head, `?school_id=${setup.cast.world.school.id}`)).toEqual(all);
    expectError(await list(setup.cast.token.head, `?school_id=${setup.cast.outsider.school.id}`), 404);
    expect(await names(setup.cast.token.outsider)).not.toContainEqual(
      expect.objectContaining({ id: setup.cast.world.class.id }),
    );
  });

  it('401 without a session, 403 for students', async () => {
    expectError(await list(undefined), 401);
    expectError(await list(setup.cast.token.student), 403);
  });
});
