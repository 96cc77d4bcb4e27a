/** Teachers' marks of open-ended answers (R24) and what follows them, as if marked at submission (R25). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { AlertType, QuestionType, type Response, type contracts } from '@readalong/contracts';
import { createTestApp, signIn, signedInCast, type TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';
import type { Question } from '@readalong/content';
import { answersTo, multipleChoice } from '../../../test/factories.js';
import {
  alerts,
  coinTransactions,
  gradings,
  levelChanges,
  students,
  worksheets,
} from '../../db/schema/index.js';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;

beforeAll(async () => {
  t = await createTestApp();
  cast = await signedInCast(t);
});
afterAll(() => t.close());

type Answer = Response<typeof contracts.getAnswersToMark>['answers'][number];
type Marked = Response<typeof contracts.markAnswer>;

const OPEN: Question = {
  type: 'open_ended',
  prompt: 'Why did the fox run?',
  guidance: 'It heard the dogs.',
  outcomes: ['COMP.CHARACTER_FEELINGS'],
};

const request = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, token?: string, payload?: object) =>
  t.request({ method, url: `/api${url}`, token, payload });
const mark = (answerId: number | string, token: string | undefined, body: object) =>
  request('PUT', `/v1/worksheets/answers/${answerId}/mark`, token, body);
const toMark = (token: string | undefined, query = '') =>
  request('GET', `/v1/worksheets/answers/awaiting-mark${query}`, token);

async function newStudent(reading: Partial<typeof students.$inferInsert> = {}) {
  const { world } = cast;
  const user = await t.factories.student(
    { districtId: world.district.id, schoolId: world.school.id },
    world.class.id,
    {},
    reading,
  );
  return { id: user.id, token: (await signIn(t, user.username)).access_token };
}

/** Starts a book and submits its quiz: the first `right` parts right, the open-ended part answered. */
async function takeQuiz(
  token: string,
  passage: Awaited<ReturnType<TestApp['factories']['passage']>>,
  right: number,
  completed = true,
) {
  const started = await request('POST', `/v1/worksheets/passage/${passage.id}`, token, {});
  expect(started.statusCode, started.body).toBe(200);
  const worksheetId = started.json<{ worksheet_id: number }>().worksheet_id;
  const gradings = answersTo(passage.questions, (part) => part < right).map((row) =>
    passage.questions.find((question) => question.id === row.question_id)!.typeId === QuestionType.OpenEnded
      ? { ...row, selected_option: 'Because it was scared of the dogs.' }
      : row,
  );
  const response = await request('PATCH', `/v1/worksheets/${worksheetId}/diagnostics/submit`, token, {
    total_score: 0,
    gradings,
    completed,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { worksheetId, ...response.json<Response<typeof contracts.submitDiagnostics>>() };
}

/** The student's open-ended answer waiting on a worksheet, as the teacher's list shows it. */
async function waitingAnswer(studentId: number, worksheetId: number): Promise<Answer> {
  const list = await toMark(cast.token.teacher, `?student_id=${studentId}&limit=100`);
  expect(list.statusCode, list.body).toBe(200);
  const found = list.json<{ answers: Answer[] }>().answers.find((row) => row.worksheet_id === worksheetId);
  expect(found).toBeDefined();
  return found!;
}

const studentRow = async (id: number) =>
  (await t.db.select().from(students).where(eq(students.userId, id)))[0]!;
const alertTypes = async (id: number) =>
  (await t.db.select().from(alerts).where(eq(alerts.studentId, id)).orderBy(asc(alerts.id))).map(
    (alert) => alert.typeId,
  );
const ledger = async (id: number) =>
  (
    await t.db
      .select()
      .from(coinTransactions)
      .where(eq(coinTransactions.studentId, id))
      .orderBy(asc(coinTransactions.id))
  ).map((row) => [row.reason, row.amount]);

describe('marking an open-ended answer', () => {
  it('a quiz of only a written answer has no result until marked; the mark brings pass, alert and coins', async () => {
    const student = await newStudent();
    const book = await t.factories.passage({ questions: [OPEN] });
    const submitted = await takeQuiz(student.token, book, 0);
    expect(submitted).toMatchObject({ score_percent: null, passed: null, coins_awarded: 0 });
    const coinsBefore = (await studentRow(student.id)).coins;

    const answer = await waitingAnswer(student.id, submitted.worksheetId);
    expect(answer).toMatchObject({
      student_id: student.id,
      passage_title: book.title,
      prompt: OPEN.prompt,
      guidance: 'It heard the dogs.',
      answer: 'Because it was scared of the dogs.',
      max_marks: 1,
      marks: null,
      comment: null,
      marked_at: null,
    });
    const response = await mark(answer.id, cast.token.teacher, { marks: 1, comment: '  Well spotted!  ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Marked>()).toMatchObject({
      score_percent: 100,
      passed: true,
      answer: { id: answer.id, marks: 1, comment: 'Well spotted!', marked_at: expect.any(String) },
    });
    expect((await studentRow(student.id)).coins).toBe(coinsBefore + 15);
    expect(await alertTypes(student.id)).toContain(AlertType.Pass);

    // The student sees the mark and the comment where "your teacher will mark this" was.
    const own = await request(
      'GET',
      `/v1/worksheets/${submitted.worksheetId}/diagnostics/submission`,
      student.token,
    );
    expect(own.json()).toMatchObject({
      score_percent: 100,
      passed: true,
      total_score: 1,
      gradings: [{ marks: 1, awaiting_teacher: false, comment: 'Well spotted!' }],
    });
    // Marked, it leaves the list.
    const left = await toMark(cast.token.teacher, `?student_id=${student.id}`);
    expect(left.json<{ answers: Answer[] }>().answers).toEqual([]);
  });

  it('the fifth pass, reached by the mark, levels up with its medal and coins as at submission', async () => {
    const student = await newStudent({ seriesId: 1, colourBandId: 7 });
    const passed = await Promise.all(
      [1, 2, 3, 4].map(() =>
        t.factories.passage({ seriesId: 1, colourBandId: 7, questions: multipleChoice(5) }),
      ),
    );
    for (const book of passed) await takeQuiz(student.token, book, 5);
    // Four of five choices right, the written answer waiting: 80 % of the marked parts would pass, so one wrong.
    const last = await t.factories.passage({
      seriesId: 1,
      colourBandId: 7,
      questions: [...multipleChoice(4), OPEN],
    });
    const submitted = await takeQuiz(student.token, last, 3);
    expect(submitted).toMatchObject({
      score_percent: 75,
      passed: false,
      level_change: null,
      coins_awarded: 0,
    });
    expect(await studentRow(student.id)).toMatchObject({ seriesId: 1, colourBandId: 7 });

    const answer = await waitingAnswer(student.id, submitted.worksheetId);
    const marked = await mark(answer.id, cast.token.teacher, { marks: 1 });
    expect(marked.json<Marked>()).toMatchObject({ score_percent: 80, passed: true });
    // (100 × 4 + 80) / 5 = 96 %: gold, as if the mark had been there at submission.
    expect(await studentRow(student.id)).toMatchObject({
      seriesId: 1,
      colourBandId: 8,
      coins: 30 + 4 * 15 + 10 + 50,
    });
    const [change] = await t.db.select().from(levelChanges).where(eq(levelChanges.studentId, student.id));
    expect(change).toMatchObject({
      rule: 'level_up',
      toColourBandId: 8,
      changedBy: cast.world.teacher.id,
      details: { worksheet_id: submitted.worksheetId, scores: [100, 100, 100, 100, 80], medal: 'gold' },
    });
    const types = await alertTypes(student.id);
    expect(types.filter((type) => type === AlertType.Fail)).toHaveLength(1);
    expect(types.filter((type) => type === AlertType.LevelUpGold)).toHaveLength(1);

    // Marked again lower: the score follows, the level change already made stands, no coins go back or come twice.
    const again = await mark(answer.id, cast.token.teacher, { marks: 0 });
    expect(again.json<Marked>()).toMatchObject({ score_percent: 60, passed: false });
    expect(await studentRow(student.id)).toMatchObject({ colourBandId: 8, coins: 30 + 4 * 15 + 10 + 50 });
    expect(await t.db.select().from(levelChanges).where(eq(levelChanges.studentId, student.id))).toHaveLength(
      1,
    );
    const [worksheet] = await t.db.select().from(worksheets).where(eq(worksheets.id, submitted.worksheetId));
    expect(worksheet).toMatchObject({ scorePercent: 60, isPassed: false, countsForLevel: false });
  });

  it('a re-mark changes the score and tops coins up to what it earns, never paying twice', async () => {
    const student = await newStudent();
    const book = await t.factories.passage({ questions: [...multipleChoice(3), OPEN] });
    const submitted = await takeQuiz(student.token, book, 3);
    // 3 of the 3 marked parts: 100 % at submission, 15 coins.
    expect(submitted).toMatchObject({ score_percent: 100, passed: true, coins_awarded: 15 });
    const answer = await waitingAnswer(student.id, submitted.worksheetId);

    const half = await mark(answer.id, cast.token.teacher, { marks: 0.5 });
    expect(half.json<Marked>()).toMatchObject({ score_percent: 87.5, passed: true });
    const full = await mark(answer.id, cast.token.owner, { marks: 1, comment: 'Now complete.' });
    expect(full.json<Marked>()).toMatchObject({ score_percent: 100, answer: { comment: 'Now complete.' } });
    await mark(answer.id, cast.token.head, { marks: 1 });
    expect(await ledger(student.id)).toEqual([['quiz', 15]]);
    expect((await alertTypes(student.id)).filter((type) => type === AlertType.Pass)).toHaveLength(1);
    const [worksheet] = await t.db.select().from(worksheets).where(eq(worksheets.id, submitted.worksheetId));
    expect(worksheet).toMatchObject({ totalScore: 4, scorePercent: 100, isPassed: true });
  });
});

describe('who may mark, and what', () => {
  let answer: Answer;
  let draftAnswerId: number;
  let choiceAnswerId: number;
  beforeAll(async () => {
    const student = await newStudent();
    const book = await t.factories.passage({ questions: [...multipleChoice(1), OPEN] });
    const submitted = await takeQuiz(student.token, book, 1);
    answer = await waitingAnswer(student.id, submitted.worksheetId);
    const rows = await t.db.select().from(gradings).where(eq(gradings.worksheetId, submitted.worksheetId));
    choiceAnswerId = rows.find((row) => row.questionId === book.questions[0]!.id)!.id;
    const other = await t.factories.passage({ questions: [OPEN] });
    const draft = await takeQuiz(student.token, other, 0, false);
    const saved = await t.db.select().from(gradings).where(eq(gradings.worksheetId, draft.worksheetId));
    draftAnswerId = saved[0]!.id;
  });

  it('401, 403 for a student, 404 out of scope, for an answer that is not a submitted written one', async () => {
    expectError(await mark(answer.id, undefined, { marks: 1 }), 401);
    expectError(await mark(answer.id, cast.token.student, { marks: 1 }), 403);
    expectError(await mark(answer.id, cast.token.outsider, { marks: 1 }), 404);
    expectError(await mark(999_999, cast.token.teacher, { marks: 1 }), 404);
    expectError(await mark(choiceAnswerId, cast.token.teacher, { marks: 1 }), 404);
    expectError(await mark(draftAnswerId, cast.token.teacher, { marks: 1 }), 404);
    expect((await waitingAnswer(answer.student_id, answer.worksheet_id)).marks).toBeNull();
  });

  it('bad marks and comments answer 400 naming the field', async () => {
    expectError(await mark('x', cast.token.teacher, { marks: 1 }), 400, 'params.id');
    expectError(await mark(answer.id, cast.token.teacher, {}), 400, 'body.marks');
    expectError(await mark(answer.id, cast.token.teacher, { marks: -1 }), 400, 'body.marks');
    expectError(await mark(answer.id, cast.token.teacher, { marks: 0.3 }), 400, 'body.marks');
    // Too small for a database number, and no half either.
    expectError(await mark(answer.id, cast.token.teacher, { marks: 1.7e-302 }), 400, 'body.marks');
    expectError(await mark(answer.id, cast.token.teacher, { marks: '1' }), 400, 'body.marks');
    const over = expectError(await mark(answer.id, cast.token.teacher, { marks: 2 }), 400, 'body.marks');
    expect(over.fields?.['body.marks']).toBe('must be between 0 and 1');
    expectError(
      await mark(answer.id, cast.token.teacher, { marks: 1, comment: 'x'.repeat(2001) }),
      400,
      'body.comment',
    );
    expectError(await mark(answer.id, cast.token.teacher, { marks: 1, grade: 'A' }), 400, 'body.grade');
    expect((await waitingAnswer(answer.student_id, answer.worksheet_id)).marks).toBeNull();
  });
});

describe('GET /v1/worksheets/answers/awaiting-mark', () => {
  it('staff see the waiting answers of their scope, oldest first, by class or student, paged', async () => {
    const first = await newStudent();
    const second = await newStudent();
    const book = await t.factories.passage({ questions: [OPEN] });
    const older = await takeQuiz(first.token, book, 0);
    const newer = await takeQuiz(second.token, book, 0);

    const mine = await toMark(cast.token.teacher, `?class_id=${cast.world.class.id}&limit=100`);
    expect(mine.statusCode, mine.body).toBe(200);
    const worksheetsListed = mine.json<{ answers: Answer[] }>().answers.map((row) => row.worksheet_id);
    expect(worksheetsListed.indexOf(older.worksheetId)).toBeLessThan(
      worksheetsListed.indexOf(newer.worksheetId),
    );
    expect(worksheetsListed.indexOf(older.worksheetId)).toBeGreaterThanOrEqual(0);

    const one = await toMark(cast.token.owner, `?student_id=${second.id}`);
    expect(one.json<{ answers: Answer[] }>().answers.map((row) => row.worksheet_id)).toEqual([
      newer.worksheetId,
    ]);
    const paged = await toMark(cast.token.head, `?class_id=${cast.world.class.id}&limit=1&page=1`);
    expect(paged.json()).toMatchObject({ page: 1, has_more: true, answers: [expect.any(Object)] });
    expect((await toMark(cast.token.outsider)).json()).toMatchObject({ answers: [], has_more: false });
  });

  it('401, 400, 403 for a student, 404 for a class or student out of scope', async () => {
    expectError(await toMark(undefined), 401);
    expectError(await toMark(cast.token.teacher, '?class_id=x'), 400, 'query.class_id');
    expectError(await toMark(cast.token.teacher, '?limit=101'), 400, 'query.limit');
    expectError(await toMark(cast.token.student), 403);
    expectError(await toMark(cast.token.outsider, `?class_id=${cast.world.class.id}`), 404);
    expectError(await toMark(cast.token.outsider, `?student_id=${cast.world.student.id}`), 404);
  });
});
