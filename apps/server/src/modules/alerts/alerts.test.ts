import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlertType } from '@readalong/contracts';
import { createTestApp, signedInCast, type TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';
import { alerts, classes, schools } from '../../db/schema/index.js';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
let ids: Record<string, number>;

interface AlertView {
  id: number;
  type_id: number;
  student_id: number;
  message: string;
  seen: boolean;
  class_id: number | null;
}
interface AlertList {
  alerts: AlertView[];
  page: number;
  has_more: boolean;
}

async function raise(student: { id: number }, typeId: number, createdAt: string, studentFacing: boolean) {
  const { world } = cast;
  const [row] = await t.db
    .insert(alerts)
    .values({
      studentId: student.id,
      schoolId: world.school.id,
      districtId: world.district.id,
      typeId,
      isStudentFacing: studentFacing,
      details: { title: 'The Kite', score_percent: 90 },
      createdAt: new Date(createdAt),
    })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  cast = await signedInCast(t);
  const { world, classmate } = cast;
  ids = {
    pass: await raise(world.student, AlertType.Pass, '2026-09-01T10:00:00Z', true),
    levelDown: await raise(world.student, AlertType.LevelDown, '2026-09-02T10:00:00Z', false),
    fail: await raise(world.student, AlertType.Fail, '2026-09-03T10:00:00Z', true),
    classmatePass: await raise(classmate, AlertType.Pass, '2026-09-04T10:00:00Z', true),
  };
});
afterAll(() => t.close());

const get = async (token: string | undefined, query = '') =>
  t.request({ method: 'GET', url: `/api/v1/students/alerts${query}`, token });
const list = async (token: string, query = '') => {
  const response = await get(token, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AlertList>();
};
const mark = (token: string | undefined, payload: object) =>
  t.request({ method: 'PATCH', url: '/api/v1/students/alerts', token, payload });

describe('GET /v1/students/alerts', () => {
  it('401 without a session; 400 naming a bad type or page', async () => {
    expectError(await get(undefined), 401);
    expectError(await get(cast.token.student, '?types=21'), 400, 'query.types.0');
    expectError(await get(cast.token.student, '?types=pass'), 400, 'query.types');
    expectError(await get(cast.token.teacher, '?page=-1'), 400, 'query.page');
    expectError(await get(cast.token.teacher, '?start=2026-09-05&end=2026-09-01'), 400, 'query.end');
  });

  it('a student sees only their own student-facing alerts, newest first, addressed to them', async () => {
    const { alerts: own } = await list(cast.token.student);
    expect(own.map((alert) => alert.id)).toEqual([ids.fail, ids.pass]);
    expect(own[1]!.message).toBe('You passed the quiz of “The Kite” with 90 %.');
    expect(own[1]).toMatchObject({ class_id: cast.world.class.id, seen: false });
  });

  it('a student asking for another student’s alerts gets 404; the types filter narrows', async () => {
    expectError(await get(cast.token.student, `?student_id=${cast.classmate.id}`), 404);
    const { alerts: fails } = await list(cast.token.student, `?types=${AlertType.Fail}`);
    expect(fails.map((alert) => alert.id)).toEqual([ids.fail]);
  });

  it('the teacher sees every alert of their class, by student, type and date, named by the student', async () => {
    const all = await list(cast.token.teacher, `?class_id=${cast.world.class.id}`);
    expect(all.alerts.map((alert) => alert.id)).toEqual([
      ids.classmatePass,
      ids.fail,
      ids.levelDown,
      ids.pass,
    ]);
    expect(all.alerts[3]!.message).toBe(
      `${cast.world.student.firstName} passed the quiz of “The Kite” with 90 %.`,
    );
    const one = await list(cast.token.teacher, `?student_id=${cast.world.student.id}&types=2,5`);
    expect(one.alerts.map((alert) => alert.id)).toEqual([ids.fail, ids.levelDown]);
    const dated = await list(cast.token.teacher, '?start=2026-09-02&end=2026-09-03');
    expect(dated.alerts.map((alert) => alert.id)).toEqual([ids.fail, ids.levelDown]);
  });

  it('pages: page 0 then page 1, with has_more', async () => {
    const first = await list(cast.token.owner, '?limit=3');
    expect(first).toMatchObject({ page: 0, has_more: true });
    expect(first.alerts).toHaveLength(3);
    const second = await list(cast.token.owner, '?limit=3&page=1');
    expect(second).toMatchObject({ page: 1, has_more: false });
    expect(second.alerts.map((alert) => alert.id)).toEqual([ids.pass]);
  });

  it('a teacher of another district gets 404 for this class or student and sees none of its alerts', async () => {
    expectError(await get(cast.token.outsider, `?class_id=${cast.world.class.id}`), 404);
    expectError(await get(cast.token.outsider, `?student_id=${cast.world.student.id}`), 404);
    expect((await list(cast.token.outsider)).alerts).toEqual([]);
    expect((await list(cast.token.head)).alerts).toHaveLength(4);
  });
});

describe('PATCH /v1/students/alerts', () => {
  it('400 naming an unknown field or empty list; 404 for an alert out of scope', async () => {
    expectError(await mark(undefined, {}), 401);
    expectError(await mark(cast.token.student, { ids: [1] }), 400, 'body.ids');
    expectError(await mark(cast.token.student, { alert_ids: [] }), 400, 'body.alert_ids');
    expectError(await mark(cast.token.student, { alert_ids: [ids.classmatePass] }), 404);
    expectError(await mark(cast.token.student, { alert_ids: [ids.levelDown] }), 404);
    expectError(await mark(cast.token.outsider, { alert_ids: [ids.pass] }), 404);
  });

  it('the student marks theirs seen; the teacher still sees them unseen, and marks their own side', async () => {
    const listed = await mark(cast.token.student, { alert_ids: [ids.pass] });
    expect(listed.json()).toEqual({ updated: 1 });
    expect((await mark(cast.token.student, {})).json()).toEqual({ updated: 1 });
    expect((await list(cast.token.student)).alerts.every((alert) => alert.seen)).toBe(true);

    const before = await list(cast.token.teacher, `?student_id=${cast.world.student.id}`);
    expect(before.alerts.map((alert) => alert.seen)).toEqual([false, false, false]);
    expect((await mark(cast.token.teacher, {})).json()).toEqual({ updated: 4 });
    expect((await list(cast.token.teacher)).alerts.every((alert) => alert.seen)).toBe(true);
    expect((await list(cast.token.classmate)).alerts.map((alert) => alert.seen)).toEqual([false]);
  });
});

describe('a department head’s picked school (A5, C28)', () => {
  let otherSchool: { id: number };
  let otherAlert: number;
  let worldAlert: number;
  beforeAll(async () => {
    const { world } = cast;
    const [school] = await t.db
      .insert(schools)
      .values({ districtId: world.district.id, name: 'Second School' })
      .returning();
    const place = { districtId: world.district.id, schoolId: school!.id };
    const [klass] = await t.db
      .insert(classes)
      .values({ ...place, name: 'Second Class' })
      .returning();
    const student = await t.factories.student(place, klass!.id);
    otherSchool = school!;
    [otherAlert] = await t.db
      .insert(alerts)
      .values({
        studentId: student.id,
        ...place,
        typeId: AlertType.Fail,
        isStudentFacing: false,
        details: {},
      })
      .returning({ id: alerts.id })
      .then((rows) => rows.map((row) => row.id));
    worldAlert = await raise(world.student, AlertType.Fail, '2026-09-05T10:00:00Z', false);
  });

  it('lists only the picked school’s alerts; another district’s school is 404; other roles ignore it', async () => {
    const idsOf = async (token: string, query: string) =>
      (await list(token, query)).alerts.map((alert) => alert.id);
    expect(await idsOf(cast.token.head, `?school_id=${otherSchool.id}`)).toEqual([otherAlert]);
    const worldOnly = await idsOf(cast.token.head, `?school_id=${cast.world.school.id}`);
    expect(worldOnly).toHaveLength(5);
    expect(worldOnly).not.toContain(otherAlert);
    expect(await idsOf(cast.token.head, '')).toHaveLength(6);
    expectError(await get(cast.token.head, `?school_id=${cast.outsider.school.id}`), 404);
    expectError(await get(cast.token.head, '?school_id=abc'), 400, 'query.school_id');
    expect(await idsOf(cast.token.teacher, `?school_id=${otherSchool.id}`)).toContain(worldAlert);
  });

  it('marking every alert seen marks only the picked school’s', async () => {
    expectError(await mark(cast.token.head, { school_id: cast.outsider.school.id }), 404);
    expectError(await mark(cast.token.head, { school_id: 'x' }), 400, 'body.school_id');
    expect((await mark(cast.token.head, { school_id: otherSchool.id })).json()).toEqual({ updated: 1 });
    const seenOf = async (id: number) =>
      (await list(cast.token.head)).alerts.find((alert) => alert.id === id)?.seen;
    expect(await seenOf(otherAlert)).toBe(true);
    expect(await seenOf(worldAlert)).toBe(false);
  });
});
