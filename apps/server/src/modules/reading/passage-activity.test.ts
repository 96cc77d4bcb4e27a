/** P16: a class's activity passage by passage, who has read each and how, in the teacher's scope. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuilderType } from '@readalong/contracts';
import { createTestApp, signedInCast, type TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;

interface PassageActivity {
  passage_id: number;
  title: string;
  students_started: number;
  students_read: number;
  students_completed: number;
  average_score_percent: number | null;
  students: {
    student_id: number;
    worksheet_id: number;
    read: boolean;
    completed: boolean;
    score_percent: number | null;
  }[];
}

beforeAll(async () => {
  t = await createTestApp();
  cast = await signedInCast(t);
});
afterAll(() => t.close());

const activity = (token: string | undefined, classId: number | string = cast.world.class.id) =>
  t.request({ method: 'GET', url: `/api/v1/worksheets/passage/activity?class_id=${classId}`, token });

describe('GET /v1/worksheets/passage/activity', () => {
  it('is the literal path, not a passage id: 401, 400 naming the class, 403, 404 out of scope', async () => {
    expectError(await activity(undefined), 401);
    expectError(await activity(cast.token.teacher, 'x'), 400, 'query.class_id');
    expectError(await activity(cast.token.student), 403);
    expectError(await activity(cast.token.outsider), 404);
    expectError(await activity(cast.token.teacher, cast.outsider.class.id), 404);
  });

  it('per passage, each student once (a completed worksheet first), with the figures; placement tests aside', async () => {
    const kite = await t.factories.passage({ title: 'The Kite' });
    const ant = await t.factories.passage({ title: 'An Ant' });
    const placement = await t.factories.passage({ builderTypeId: BuilderType.PlacementTest });
    const { student } = cast.world;
    const done = await t.factories.worksheet(student, kite.id, {
      pagesCompleted: 3,
      scorePercent: 90,
      isPassed: true,
      quizSubmittedAt: new Date(),
      worksheetCompleted: true,
    });
    await t.factories.worksheet(student, kite.id, { pagesCompleted: 1 });
    await t.factories.worksheet(cast.classmate, kite.id, {
      pagesCompleted: 3,
      scorePercent: 60,
      quizSubmittedAt: new Date(),
    });
    await t.factories.worksheet(cast.classmate, ant.id, { pagesCompleted: 1 });
    await t.factories.worksheet(student, placement.id, { quizSubmittedAt: new Date(), scorePercent: 50 });
    // Another school's student on the same book is not this class's.
    await t.factories.worksheet(cast.outsider.student, kite.id, { pagesCompleted: 3, scorePercent: 10 });

    const response = await activity(cast.token.teacher);
    expect(response.statusCode, response.body).toBe(200);
    const { passages } = response.json<{ passages: PassageActivity[] }>();
    expect(passages.map((p) => p.title)).toEqual(['An Ant', 'The Kite']);
    const [antRow, kiteRow] = passages;
    expect(antRow).toMatchObject({ students_started: 1, students_read: 0, average_score_percent: null });
    expect(kiteRow).toMatchObject({
      students_started: 2,
      students_read: 2,
      students_completed: 1,
      average_score_percent: 75,
    });
    expect(kiteRow!.students.find((s) => s.student_id === student.id)).toMatchObject({
      worksheet_id: done.id,
      completed: true,
      score_percent: 90,
    });

    const owner = (await activity(cast.token.owner)).json<{ passages: PassageActivity[] }>();
    expect(owner.passages).toHaveLength(2);
  });
});
