import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AlertType } from '@readalong/contracts';
import { createTestApp, signedInCast, type TestApp } from '../../../test/app.js';
import { answersTo, multipleChoice } from '../../../test/factories.js';
import { alerts } from '../../db/schema/index.js';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;

beforeAll(async () => {
  t = await createTestApp();
  cast = await signedInCast(t);
});
afterAll(() => t.close());

/** The student hands in a new book's quiz of `questions` main-idea questions, `right` of them answered right. */
async function handIn(questions: number, right: number, outcome = 'COMP.MAIN_IDEA') {
  const book = await t.factories.passage({ questions: multipleChoice(questions, outcome) });
  const worksheet = await t.factories.worksheet(cast.world.student, book.id);
  const response = await t.request({
    method: 'PATCH',
    url: `/api/v1/worksheets/${worksheet.id}/diagnostics/submit`,
    token: cast.token.student,
    payload: { total_score: 0, gradings: answersTo(book.questions, (i) => i < right), completed: true },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const suggestions = () =>
  t.db
    .select({ details: alerts.details, studentFacing: alerts.isStudentFacing })
    .from(alerts)
    .where(and(eq(alerts.studentId, cast.world.student.id), eq(alerts.typeId, AlertType.AssignSkillBuilder)));

describe('AssignSkillBuilder (P18)', () => {
  it('waits for 3 marked answers on an outcome: two wrong answers are not yet a pattern', async () => {
    await handIn(2, 0);
    expect(await suggestions()).toEqual([]);
  });

  it('is raised for the teachers, with the quiz, once the outcome scores below 60 % over 3 answers or more', async () => {
    await handIn(2, 1);
    const [raised, ...more] = await suggestions();
    expect(more).toEqual([]);
    expect(raised).toMatchObject({ studentFacing: false, details: { score_percent: 25 } });
    const response = await t.request({
      method: 'GET',
      url: `/api/v1/students/alerts?types=${AlertType.AssignSkillBuilder}`,
      token: cast.token.teacher,
    });
    const [alert] = response.json<{ alerts: { message: string }[] }>().alerts;
    expect(alert!.message).toMatch(/^Test scores 25 % on “.+”: a skill builder would help\.$/);
  });

  it('is raised once per outcome, however many low quizzes follow; an outcome scored well raises nothing', async () => {
    await handIn(3, 0);
    await handIn(3, 3, 'VOC.CATEGORIES');
    expect(await suggestions()).toHaveLength(1);
  });
});
