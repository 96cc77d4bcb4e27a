import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInCast, type TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';
import { notifications } from '../../db/schema/index.js';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
let ids: { graded: number; ending: number; classmates: number };

beforeAll(async () => {
  t = await createTestApp();
  cast = await signedInCast(t);
  const rows = await t.db
    .insert(notifications)
    .values([
      {
        userId: cast.world.student.id,
        kind: 'recording_graded',
        title: 'Your recording is marked',
        createdAt: new Date('2026-09-01T10:00:00Z'),
      },
      {
        userId: cast.world.student.id,
        kind: 'licence_ending',
        title: 'Licence ends soon',
        read: true,
        createdAt: new Date('2026-09-02T10:00:00Z'),
      },
      {
        userId: cast.classmate.id,
        kind: 'assignment',
        title: 'New assignment',
        createdAt: new Date('2026-09-03T10:00:00Z'),
      },
    ])
    .returning();
  ids = { graded: rows[0]!.id, ending: rows[1]!.id, classmates: rows[2]!.id };
});
afterAll(() => t.close());

const list = (token: string | undefined, query = '') =>
  t.request({ method: 'GET', url: `/api/v1/notifications${query}`, token });
const mark = (token: string | undefined, id: number, payload: object = {}) =>
  t.request({ method: 'PATCH', url: `/api/v1/notifications/${id}`, token, payload });

describe('notifications', () => {
  it('401; 400 naming read; each user sees only their own, newest first, with the unread count', async () => {
    expectError(await list(undefined), 401);
    expectError(await list(cast.token.student, '?read=maybe'), 400, 'query.read');
    const response = await list(cast.token.student);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      notifications: [
        { id: ids.ending, kind: 'license_ending', read: true },
        { id: ids.graded, kind: 'recording_graded', read: false },
      ],
      unread_count: 1,
    });
    const unread = (await list(cast.token.student, '?read=false')).json<{
      notifications: { id: number }[];
    }>();
    expect(unread.notifications.map((row) => row.id)).toEqual([ids.graded]);
    expect((await list(cast.token.teacher)).json()).toEqual({ notifications: [], unread_count: 0 });
  });

  it('marks one read (or unread again); another user’s is 404; an unknown field is 400', async () => {
    expectError(await mark(cast.token.student, ids.classmates), 404);
    expectError(await mark(cast.token.teacher, ids.graded), 404);
    expectError(await mark(cast.token.student, ids.graded, { seen: true }), 400, 'body.seen');
    expect((await mark(cast.token.student, ids.graded)).json()).toMatchObject({ id: ids.graded, read: true });
    expect((await list(cast.token.student)).json()).toMatchObject({ unread_count: 0 });
    expect((await mark(cast.token.student, ids.graded, { read: false })).json()).toMatchObject({
      read: false,
    });
    expect((await list(cast.token.classmate)).json()).toMatchObject({ unread_count: 1 });
  });
});
