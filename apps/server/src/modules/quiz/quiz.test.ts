import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AlertType, DEFAULT_READING_SETTINGS, QuestionType } from '@readalong/contracts';
import { createTestApp, signIn, signedInCast, type TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';
import { answersTo, multipleChoice } from '../../../test/factories.js';
import { alerts, coinTransactions, gradings, students, worksheets } from '../../db/schema/index.js';

let t: TestApp;
type World = Awaited<ReturnType<TestApp['factories']['school']>>;
type Passage = Awaited<ReturnType<TestApp['factories']['passage']>>;
let world: World;
let token: Awaited<ReturnType<typeof signedInCast>>['token'];
let book: Passage;
let above: Passage;

beforeAll(async () => {
  t = await createTestApp();
  ({ world, token } = await signedInCast(t));
  book = await t.factories.passage({ title: 'Every kind of question' });
  above = await t.factories.passage({ colourBandId: 7, title: 'Too hard yet' });
});
afterAll(() => t.close());

const get = (url: string, who?: string) => t.request({ method: 'GET', url: `/api${url}`, token: who });
const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, who: string | undefined, payload?: object) =>
  t.request({ method, url: `/api${url}`, token: who, payload });
const submit = (worksheetId: number, who: string | undefined, body: object) =>
  send('PATCH', `/v1/worksheets/${worksheetId}/diagnostics/submit`, who, body);
async function start(who: string, passageId: number) {
  const response = await send('POST', `/v1/worksheets/passage/${passageId}`, who, {});
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ worksheet_id: number }>().worksheet_id;
}
async function newStudent(reading: Partial<typeof students.$inferInsert> = {}) {
  const place = { districtId: world.district.id, schoolId: world.school.id };
  const user = await t.factories.student(place, world.class.id, {}, reading);
  return { id: user.id, token: (await signIn(t, user.username)).access_token };
}
/** Everything a refused submission must leave as it was. */
async function snapshot(studentId: number, worksheetId: number) {
  return {
    worksheet: (await t.db.select().from(worksheets).where(eq(worksheets.id, worksheetId)))[0],
    gradings: await t.db.select().from(gradings).where(eq(gradings.worksheetId, worksheetId)),
    coins: (await t.db.select().from(students).where(eq(students.userId, studentId)))[0]!.coins,
    alerts: await t.db.select().from(alerts).where(eq(alerts.studentId, studentId)),
    ledger: await t.db.select().from(coinTransactions).where(eq(coinTransactions.studentId, studentId)),
  };
}

interface QuestionView {
  id: number;
  question_type_id: number;
  options: string[];
  categories: string[];
  answer: string | null;
  max_marks: number;
  learning_outcome_ids: number[];
  sub_questions: { sub_question_num: number; options: string[]; answer: string | null }[];
}

describe('GET /v1/questions/passage/{id}', () => {
  const questions = (id: number | string, who?: string) => get(`/v1/questions/passage/${id}`, who);

  it('401, 400, 404 for a passage off the student’s access', async () => {
    expectError(await questions(book.id), 401);
    expectError(await questions('x', token.student), 400, 'params.id');
    expectError(await questions(above.id, token.student), 404);
    expectError(await questions(999_999, token.teacher), 404);
  });

  it('shows each type as the student answers it, without the answer key before they submit', async () => {
    const response = await questions(book.id, token.student);
    expect(response.statusCode, response.body).toBe(200);
    const quiz = response.json<{ questions: QuestionView[] }>().questions;
    expect(quiz.map((question) => question.question_type_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(quiz.every((question) => question.answer === null)).toBe(true);
    expect(quiz.flatMap((question) => question.sub_questions).every((sub) => sub.answer === null)).toBe(true);
    expect(response.body).not.toContain('Sad, then happy');
    const byType = (type: number) => quiz.find((question) => question.question_type_id === type)!;
    expect(byType(QuestionType.MCQ).options.sort()).toEqual(['blue', 'green', 'red']);
    expect(byType(QuestionType.MCQ).learning_outcome_ids).toHaveLength(1);
    expect(byType(QuestionType.Sequencing).options).toHaveLength(3);
    expect(byType(QuestionType.WordFromSentence).options).toEqual(['The', 'wind', 'is', 'strong', 'today']);
    const formWords = byType(QuestionType.FormWords);
    expect(formWords.max_marks).toBe(2);
    expect(formWords.sub_questions.map((sub) => sub.sub_question_num)).toEqual([1, 2]);
    expect(formWords.sub_questions[0]!.options.sort()).toEqual(['e', 'i', 'k', 't']);
    const categorising = byType(QuestionType.Categorising);
    expect(categorising.categories).toEqual(['sky', 'ground']);
    expect(categorising.sub_questions).toHaveLength(4);
    expect(categorising.sub_questions.every((sub) => sub.options.join() === 'sky,ground')).toBe(true);
  });

  it('staff see the answer keys', async () => {
    for (const who of [token.teacher, token.owner, token.head]) {
      const quiz = (await questions(book.id, who)).json<{ questions: QuestionView[] }>().questions;
      expect(quiz[0]!.answer).toBe('red');
      expect(quiz[1]!.answer).toBe('Dad;his dad');
      expect(quiz[4]!.sub_questions.map((sub) => sub.answer)).toEqual(['kite', 'tree']);
    }
  });
});

describe('PATCH /v1/worksheets/{id}/diagnostics/submit', () => {
  let worksheetId: number;
  beforeAll(async () => {
    worksheetId = await start(token.student, book.id);
  });
  const body = (extra: object = {}) => ({
    total_score: 0,
    gradings: answersTo(book.questions),
    completed: true,
    ...extra,
  });

  it('401, 400 naming the field, 403 for staff, 404 for another student’s worksheet', async () => {
    expectError(await submit(worksheetId, undefined, body()), 401);
    expectError(
      await submit(worksheetId, token.student, body({ completed: undefined })),
      400,
      'body.completed',
    );
    const negative = body();
    negative.gradings[0]!.marks = -1;
    expectError(await submit(worksheetId, token.student, negative), 400, 'body.gradings.0.marks');
    const twice = body();
    twice.gradings.push(twice.gradings[0]!);
    expectError(await submit(worksheetId, token.student, twice), 400, 'body.gradings');
    expectError(await submit(worksheetId, token.teacher, body()), 403);
    expectError(await submit(worksheetId, token.classmate, body()), 404);
    expectError(await submit(999_999, token.student, body()), 404);
  });

  it('refuses grading rows that are not of this quiz, and changes nothing', async () => {
    const before = await snapshot(world.student.id, worksheetId);
    // A question of a passage beyond the student's access, slipped into their own worksheet.
    const foreign = body();
    foreign.gradings[1] = { ...foreign.gradings[1]!, question_id: above.questions[0]!.id };
    expectError(await submit(worksheetId, token.student, foreign), 400, 'body.gradings.1.question_id');
    const formWords = book.questions.find((question) => question.typeId === QuestionType.FormWords)!;
    const outOfRange = body();
    const index = outOfRange.gradings.findIndex((row) => row.question_id === formWords.id);
    outOfRange.gradings[index] = { ...outOfRange.gradings[index]!, sub_question_num: 3 };
    expectError(
      await submit(worksheetId, token.student, outOfRange),
      400,
      `body.gradings.${index}.sub_question_num`,
    );
    const subOfWhole = body();
    subOfWhole.gradings[0] = { ...subOfWhole.gradings[0]!, sub_question_num: 1 };
    expectError(
      await submit(worksheetId, token.student, subOfWhole),
      400,
      'body.gradings.0.sub_question_num',
    );
    expect(await snapshot(world.student.id, worksheetId)).toEqual(before);
  });

  it('completed=false saves the answers so far without marking them', async () => {
    const draft = { total_score: 0, gradings: answersTo(book.questions).slice(0, 2), completed: false };
    const saved = await submit(worksheetId, token.student, draft);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      completed: false,
      score_percent: null,
      passed: null,
      coins_awarded: 0,
      placement_test_id: null,
      series_id: null,
      colour_band_id: null,
      has_reset_colour: false,
      level_change: null,
    });
    const submission = (
      await get(`/v1/worksheets/${worksheetId}/diagnostics/submission`, token.student)
    ).json<{
      completed: boolean;
      gradings: unknown[];
    }>();
    expect(submission.completed).toBe(false);
    expect(submission.gradings).toHaveLength(2);
    // Started and saved is not submitted: the answer keys stay hidden (R8).
    const quiz = (await get(`/v1/questions/passage/${book.id}`, token.student)).json<{
      questions: QuestionView[];
    }>().questions;
    expect(quiz.map((question) => question.answer)).toEqual([null, null, null, null, null, null, null, null]);
  });

  it('marks every part on the server, pays once, and answers the stored result when submitted again', async () => {
    const [{ coins: before }] = (await t.db
      .select({ coins: students.coins })
      .from(students)
      .where(eq(students.userId, world.student.id))) as [{ coins: number }];
    // The client claims full marks; the form-words answers are wrong; one question is left out.
    const rows = answersTo(book.questions).map((row) =>
      book.questions.find((question) => question.id === row.question_id)!.typeId === QuestionType.FormWords
        ? { ...row, selected_option: 'nope' }
        : row,
    );
    const sequencing = book.questions.find((question) => question.typeId === QuestionType.Sequencing)!;
    const answered = rows.filter((row) => row.question_id !== sequencing.id);
    const response = await submit(worksheetId, token.student, {
      total_score: 12,
      gradings: answered,
      completed: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    // 12 parts; the open-ended one waits for a teacher: 11 marked, 8 right (2 form words wrong, sequencing blank).
    const score = Math.round((8 / 11) * 10000) / 100;
    expect(response.json()).toEqual({
      completed: true,
      score_percent: score,
      passed: false,
      coins_awarded: 0,
      placement_test_id: null,
      series_id: null,
      colour_band_id: null,
      has_reset_colour: false,
      level_change: null,
    });
    const stored = await t.db.select().from(gradings).where(eq(gradings.worksheetId, worksheetId));
    expect(stored).toHaveLength(12);
    expect(stored.filter((row) => row.isAwaitingMark)).toHaveLength(1);
    expect(stored.find((row) => row.questionId === sequencing.id)).toMatchObject({
      marks: 0,
      selectedOption: '',
    });

    const again = await submit(worksheetId, token.student, body());
    expect(again.json()).toMatchObject({
      completed: true,
      score_percent: score,
      passed: false,
      coins_awarded: 0,
    });
    const [after] = await t.db
      .select({ coins: students.coins })
      .from(students)
      .where(eq(students.userId, world.student.id));
    expect(after!.coins).toBe(before);
    const raised = await t.db
      .select()
      .from(alerts)
      .where(eq(alerts.studentId, world.student.id))
      .orderBy(alerts.id);
    // The only power builder of BR 4 is now read: CompleteBooksInLevel, for the teacher.
    expect(raised.map((alert) => [alert.typeId, alert.isStudentFacing])).toEqual([
      [AlertType.Fail, true],
      [AlertType.CompleteBooksInLevel, false],
    ]);
  });

  it('the answer keys reach the student once they have submitted', async () => {
    const quiz = (await get(`/v1/questions/passage/${book.id}`, token.student)).json<{
      questions: QuestionView[];
    }>();
    expect(quiz.questions[0]!.answer).toBe('red');
    const classmates = (await get(`/v1/questions/passage/${book.id}`, token.classmate)).json<{
      questions: QuestionView[];
    }>();
    expect(classmates.questions[0]!.answer).toBeNull();
  });

  it('a pass pays quiz coins once, into the ledger and the balance, even when sent twice at once', async () => {
    const reader = await newStudent();
    const quiz = await t.factories.passage({ questions: multipleChoice(4) });
    const id = await start(reader.token, quiz.id);
    const full = { total_score: 4, gradings: answersTo(quiz.questions), completed: true };
    const both = await Promise.all([submit(id, reader.token, full), submit(id, reader.token, full)]);
    const results = both.map((response) => response.json<{ coins_awarded: number; score_percent: number }>());
    expect(results.map((result) => result.score_percent)).toEqual([100, 100]);
    // 10 for the pass and 5 more for 100 %, paid once.
    expect(results.map((result) => result.coins_awarded).sort()).toEqual([0, 15]);
    const again = await submit(id, reader.token, full);
    expect(again.json()).toMatchObject({ score_percent: 100, passed: true, coins_awarded: 0 });
    const ledger = await t.db
      .select()
      .from(coinTransactions)
      .where(eq(coinTransactions.studentId, reader.id));
    expect(ledger).toEqual([expect.objectContaining({ amount: 15, reason: 'quiz', worksheetId: id })]);
    const [row] = await t.db.select().from(students).where(eq(students.userId, reader.id));
    expect(row!.coins).toBe(30 + 15);
    const pass = await t.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.studentId, reader.id), eq(alerts.typeId, AlertType.Pass)));
    expect(pass).toEqual([expect.objectContaining({ isStudentFacing: true, worksheetId: id })]);
  });

  it('a second fail on the same passage raises FailAgain for the teacher', async () => {
    const reader = await newStudent({ readAloudEnabled: false });
    const quiz = await t.factories.passage({ questions: multipleChoice(2), pages: ['One page.'] });
    const fail = { total_score: 0, gradings: answersTo(quiz.questions, () => false), completed: true };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const id = await start(reader.token, quiz.id);
      await send('PUT', `/v1/worksheets/passage/${quiz.id}/progress`, reader.token, {
        page_num: 1,
        time_spent_reading: 10,
        num_practice_recordings: 0,
        reading_settings: DEFAULT_READING_SETTINGS,
      });
      expect((await submit(id, reader.token, fail)).json()).toMatchObject({
        passed: false,
        score_percent: 0,
      });
    }
    const raised = await t.db.select().from(alerts).where(eq(alerts.studentId, reader.id)).orderBy(alerts.id);
    expect(raised.map((alert) => [alert.typeId, alert.isStudentFacing])).toEqual([
      [AlertType.Fail, true],
      [AlertType.FailAgain, false],
      // Four wrong answers on the questions' outcome also suggest a skill builder to the teacher (P18).
      [AlertType.AssignSkillBuilder, false],
    ]);
  });
});

describe('GET /v1/worksheets/{id}/diagnostics/submission', () => {
  it('401, 400, 404 for another student or staff out of scope; the marked answers for the rest', async () => {
    const id = await start(token.classmate, book.id);
    await submit(id, token.classmate, {
      total_score: 0,
      gradings: answersTo(book.questions),
      completed: true,
    });
    const url = (worksheetId: number | string) => `/v1/worksheets/${worksheetId}/diagnostics/submission`;
    expectError(await get(url(id)), 401);
    expectError(await get(url('x'), token.classmate), 400, 'params.id');
    expectError(await get(url(id), token.student), 404);
    expectError(await get(url(id), token.outsider), 404);
    for (const who of [token.classmate, token.teacher, token.owner, token.head]) {
      const response = await get(url(id), who);
      expect(response.statusCode, response.body).toBe(200);
      const submission = response.json<{ gradings: { awaiting_teacher: boolean; max_marks: number }[] }>();
      expect(submission).toMatchObject({
        worksheet_id: id,
        completed: true,
        submitted_at: expect.any(String),
        total_score: 11,
        max_score: 12,
        // The open-ended part waits for a teacher: 11 of the 11 marked parts.
        score_percent: 100,
        passed: true,
      });
      expect(submission.gradings).toHaveLength(12);
      expect(submission.gradings.filter((row) => row.awaiting_teacher)).toHaveLength(1);
      expect(submission.gradings[0]).toEqual({
        question_id: book.questions[0]!.id,
        question_num: 1,
        sub_question_num: 0,
        marks: 1,
        selected_option: 'red',
        time_taken: 7,
        max_marks: 1,
        awaiting_teacher: false,
        comment: null,
      });
    }
  });
});
