import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AlertType } from '@readalong/contracts';
import { createTestApp, signedInCast, type TestApp } from '../../../test/app.js';
import { answersTo, multipleChoice } from '../../../test/factories.js';
import type { Question } from '@readalong/content';
import { alerts } from '../../db/schema/index.js';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;

beforeAll(async () => {
  t = await createTestApp();
  cast = await signedInCast(t);
});
afterAll(() => t.close());

/** The student hands in a new book's quiz of `questions` main-idea questions, `right` of them answered right. */
async function handIn(questions: number, right: number, outcome = 'COMP.MAIN_IDEA', asked?: Question[]) {
  const book = await t.factories.passage({ questions: asked ?? multipleChoice(questions, outcome) });
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

  it('is raised when a teacher’s marks of written answers bring the outcome below the bar, in the marking’s call', async () => {
    const open = {
      type: 'open_ended' as const,
      prompt: 'Why?',
      guidance: 'Because.',
      outcomes: ['COMP.CHARACTER_FEELINGS'],
    };
    await handIn(0, 0, 'COMP.CHARACTER_FEELINGS', [open, open, open]);
    const waiting = await t.request({
      method: 'GET',
      url: `/api/v1/worksheets/answers/awaiting-mark?student_id=${cast.world.student.id}`,
      token: cast.token.teacher,
    });
    const answers = waiting.json<{ answers: { id: number }[] }>().answers;
    expect(answers).toHaveLength(3);
    const before = (await suggestions()).length;
    for (const answer of answers) {
      const marked = await t.request({
        method: 'PUT',
        url: `/api/v1/worksheets/answers/${answer.id}/mark`,
        token: cast.token.teacher,
        payload: { marks: 0 },
      });
      expect(marked.statusCode, marked.body).toBe(200);
      // Two marked answers are not yet a pattern; the third is.
      expect(await suggestions()).toHaveLength(answer === answers.at(-1) ? before + 1 : before);
    }
  });
});
