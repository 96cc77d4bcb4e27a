import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BuilderType } from '@readalong/contracts';
import { createTestApp, signIn, signedInCast, type TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';
import { notifications, worksheets } from '../../db/schema/index.js';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
let book: { id: number; title: string };

interface AssignmentView {
  id: number;
  passage_id: number;
  class_id: number;
  student_ids: number[] | null;
  due_at: string | null;
  note: string | null;
  read_aloud: boolean;
  worksheet_id: number | null;
  completed: boolean | null;
}

beforeAll(async () => {
  t = await createTestApp();
  cast = await signedInCast(t);
  book = await t.factories.passage({ title: 'The Kite' });
});
afterAll(() => t.close());

const create = (token: string | undefined, payload: object) =>
  t.request({ method: 'POST', url: '/api/v1/worksheets/assignments', token, payload });
const update = (token: string | undefined, id: number, payload: object) =>
  t.request({ method: 'PATCH', url: `/api/v1/worksheets/${id}/assignments`, token, payload });
const remove = (token: string | undefined, id: number) =>
  t.request({ method: 'POST', url: `/api/v1/worksheets/${id}/assignments/delete`, token });
const list = async (token: string, query = '') => {
  const response = await t.request({ method: 'GET', url: `/api/v1/worksheets/assignments${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ assignments: AssignmentView[] }>().assignments;
};
const haveNew = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/v1/worksheets/assignments/have-new', token })).json<unknown>();
const markSeen = (token: string) =>
  t.request({ method: 'POST', url: '/api/v1/worksheets/assignments/mark-seen', token });

describe('creating, changing and withdrawing assignments', () => {
  it('401, 403 for students, 400 naming the field, 404 for a class out of scope', async () => {
    const klass = cast.world.class.id;
    expectError(await create(undefined, { passage_id: book.id, class_id: klass }), 401);
    expectError(await create(cast.token.student, { passage_id: book.id, class_id: klass }), 403);
    expectError(await create(cast.token.teacher, { class_id: klass }), 400, 'body.passage_id');
    expectError(
      await create(cast.token.teacher, { passage_id: book.id, class_id: klass, due_at: '15/10' }),
      400,
      'body.due_at',
    );
    expectError(await create(cast.token.outsider, { passage_id: book.id, class_id: klass }), 404);
  });

  it('student_ids must be students of the class; placement tests cannot be assigned', async () => {
    const other = await t.factories.school();
    const response = await create(cast.token.teacher, {
      passage_id: book.id,
      class_id: cast.world.class.id,
      student_ids: [cast.world.student.id, other.student.id],
    });
    expect(expectError(response, 400, 'body.student_ids').message).toContain(String(other.student.id));
    const test = await t.factories.passage({ builderTypeId: BuilderType.PlacementTest });
    expectError(
      await create(cast.token.teacher, { passage_id: test.id, class_id: cast.world.class.id }),
      400,
      'body.passage_id',
    );
  });

  it('a teacher assigns a book to one student: only that student sees it, is told, and sees it as new', async () => {
    const response = await create(cast.token.teacher, {
      passage_id: book.id,
      class_id: cast.world.class.id,
      student_ids: [cast.world.student.id, cast.world.student.id],
      due_at: '2026-10-01',
      note: 'Read it twice.',
    });
    expect(response.statusCode, response.body).toBe(201);
    const made = response.json<AssignmentView>();
    expect(made).toMatchObject({
      student_ids: [cast.world.student.id],
      due_at: '2026-10-01',
      note: 'Read it twice.',
      read_aloud: true,
      worksheet_id: null,
      completed: null,
    });

    const own = await list(cast.token.student);
    expect(own).toEqual([expect.objectContaining({ id: made.id, worksheet_id: null, completed: false })]);
    expect(await list(cast.token.classmate)).toEqual([]);
    expect(await haveNew(cast.token.student)).toEqual({ have_new: true, count: 1 });
    expect(await haveNew(cast.token.classmate)).toEqual({ have_new: false, count: 0 });
    const told = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, cast.world.student.id));
    expect(told).toEqual([expect.objectContaining({ kind: 'assignment', read: false })]);

    expect((await markSeen(cast.token.student)).statusCode).toBe(200);
    expect(await haveNew(cast.token.student)).toEqual({ have_new: false, count: 0 });
  });

  it('a book above the class’s level, assigned to one student, opens for that student only', async () => {
    const hard = await t.factories.passage({ colourBandId: 15, title: 'The Deep Sea' });
    const response = await create(cast.token.teacher, {
      passage_id: hard.id,
      class_id: cast.world.class.id,
      student_ids: [cast.world.student.id],
    });
    expect(response.statusCode, response.body).toBe(201);
    const open = (token: string) =>
      t.request({ method: 'GET', url: `/api/v1/worksheets/passage/${hard.id}`, token });
    expect((await open(cast.token.student)).statusCode).toBe(200);
    expectError(await open(cast.token.classmate), 404);
    expect((await remove(cast.token.teacher, response.json<AssignmentView>().id)).statusCode).toBe(200);
  });

  it('the student’s worksheet for it shows, and completed once it is done', async () => {
    const [assigned] = await list(cast.token.student);
    const started = await t.request({
      method: 'POST',
      url: `/api/v1/worksheets/passage/${book.id}`,
      token: cast.token.student,
      payload: {},
    });
    const { worksheet_id } = started.json<{ worksheet_id: number }>();
    expect((await list(cast.token.student))[0]).toMatchObject({
      id: assigned!.id,
      worksheet_id,
      completed: false,
    });
    await t.db.update(worksheets).set({ worksheetCompleted: true }).where(eq(worksheets.id, worksheet_id));
    expect((await list(cast.token.student))[0]).toMatchObject({ worksheet_id, completed: true });
  });

  it('changing it to the whole class reaches the classmate; out of scope is 404', async () => {
    const [assigned] = await list(cast.token.teacher, `?classId=${cast.world.class.id}`);
    expectError(await update(cast.token.outsider, assigned!.id, { student_ids: null }), 404);
    expectError(await update(cast.token.teacher, assigned!.id, { colour: 'red' }), 400, 'body.colour');
    const changed = await update(cast.token.teacher, assigned!.id, { student_ids: null, due_at: null });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ student_ids: null, due_at: null, note: 'Read it twice.' });
    expect(await list(cast.token.classmate)).toHaveLength(1);
    expect(await haveNew(cast.token.classmate)).toEqual({ have_new: true, count: 1 });
  });

  it('a teacher of another class sees none of it and gets 404 for the class', async () => {
    const place = { districtId: cast.world.district.id, schoolId: cast.world.school.id };
    const otherClassTeacher = await t.factories.user('teacher', place);
    const token = (await signIn(t, otherClassTeacher.username)).access_token;
    expect(await list(token)).toEqual([]);
    expectError(
      await t.request({
        method: 'GET',
        url: `/api/v1/worksheets/assignments?classId=${cast.world.class.id}`,
        token,
      }),
      404,
    );
    expect(await list(cast.token.owner)).toHaveLength(1);
  });

  it('withdrawing hides it from everyone and keeps the student’s work', async () => {
    const [assigned] = await list(cast.token.teacher);
    expectError(await remove(cast.token.student, assigned!.id), 403);
    expectError(await remove(cast.token.outsider, assigned!.id), 404);
    expect((await remove(cast.token.teacher, assigned!.id)).json()).toEqual({ success: true });
    expect(await list(cast.token.teacher)).toEqual([]);
    expect(await list(cast.token.student)).toEqual([]);
    expectError(await remove(cast.token.teacher, assigned!.id), 404);
    const kept = await t.db.select().from(worksheets).where(eq(worksheets.studentId, cast.world.student.id));
    expect(kept).toHaveLength(1);
  });
});
