/** The level rules applied through the API, in the transaction of the quiz or the teacher's action. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import {
  AlertType,
  BuilderType,
  DEFAULT_READING_SETTINGS,
  type Response,
  type contracts,
} from '@readalong/contracts';
import { createTestApp, signIn, type TestApp } from '../../../test/app.js';
import { answersTo, multipleChoice } from '../../../test/factories.js';
import {
  alerts,
  coinTransactions,
  levelChanges,
  schools,
  students,
  worksheets,
} from '../../db/schema/index.js';

let t: TestApp;
type World = Awaited<ReturnType<TestApp['factories']['school']>>;
let world: World;
let teacherToken: string;

beforeAll(async () => {
  t = await createTestApp();
  world = await t.factories.school();
  teacherToken = (await signIn(t, world.teacher.username)).access_token;
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PATCH', url: string, token: string, payload: object = {}) =>
  t.request({ method, url: `/api${url}`, token, payload });

async function newStudent(
  reading: Partial<typeof students.$inferInsert>,
  account: { createdAt?: Date } = {},
) {
  const place = { districtId: world.district.id, schoolId: world.school.id };
  const user = await t.factories.student(place, world.class.id, account, reading);
  return { id: user.id, token: (await signIn(t, user.username)).access_token };
}

/** Ten one-mark questions: `right` right answers score right × 10 %. */
const book = (seriesId: number, colourBandId: number) =>
  t.factories.passage({ seriesId, colourBandId, questions: multipleChoice(10) });

/** Starts a passage and submits its quiz with `right` of its ten parts right; answers the result. */
async function takeQuiz(token: string, passage: Awaited<ReturnType<typeof book>>, right: number) {
  const started = await send('POST', `/v1/worksheets/passage/${passage.id}`, token);
  expect(started.statusCode, started.body).toBe(200);
  const worksheetId = started.json<{ worksheet_id: number }>().worksheet_id;
  const response = await send('PATCH', `/v1/worksheets/${worksheetId}/diagnostics/submit`, token, {
    total_score: right,
    gradings: answersTo(passage.questions, (part) => part < right),
    completed: true,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { worksheetId, ...response.json<Response<typeof contracts.submitDiagnostics>>() };
}

const studentRow = async (id: number) =>
  (await t.db.select().from(students).where(eq(students.userId, id)))[0]!;
const historyOf = (id: number) =>
  t.db.select().from(levelChanges).where(eq(levelChanges.studentId, id)).orderBy(asc(levelChanges.id));
const alertsOf = (id: number) =>
  t.db.select().from(alerts).where(eq(alerts.studentId, id)).orderBy(asc(alerts.id));

describe('level up', () => {
  it('five passed books of the band move the student up, with a silver medal and its coins', async () => {
    const student = await newStudent({ seriesId: 1, colourBandId: 7 });
    const books = await Promise.all([1, 2, 3, 4, 5].map(() => book(1, 7)));
    const scores = [9, 9, 9, 9, 10];
    const results = [];
    for (const [index, passage] of books.entries())
      results.push(await takeQuiz(student.token, passage, scores[index]!));
    expect(results.slice(0, 4).map((result) => result.coins_awarded)).toEqual([10, 10, 10, 10]);
    expect(results[4]).toMatchObject({
      passed: true,
      score_percent: 100,
      coins_awarded: 15 + 25,
      level_change: { direction: 'up', series_id: 1, colour_band_id: 8, medal: 'silver' },
    });
    expect(results.slice(0, 4).map((result) => result.level_change)).toEqual([null, null, null, null]);

    expect(await studentRow(student.id)).toMatchObject({
      seriesId: 1,
      colourBandId: 8,
      coins: 30 + 40 + 15 + 25,
    });
    const [change] = await historyOf(student.id);
    expect(change).toMatchObject({
      rule: 'level_up',
      fromSeriesId: 1,
      fromColourBandId: 7,
      toSeriesId: 1,
      toColourBandId: 8,
      changedBy: student.id,
      details: {
        worksheet_id: results[4]!.worksheetId,
        scores: [90, 90, 90, 90, 100],
        average_percent: 92,
        medal: 'silver',
      },
    });
    const raised = await alertsOf(student.id);
    expect(raised.filter((alert) => alert.typeId === AlertType.LevelUpSilver)).toEqual([
      expect.objectContaining({ isStudentFacing: true, worksheetId: results[4]!.worksheetId }),
    ]);
    // Every book of A 7 is read: CompleteBooksInLevel once, for the teacher.
    expect(raised.filter((alert) => alert.typeId === AlertType.CompleteBooksInLevel)).toEqual([
      expect.objectContaining({ isStudentFacing: false, details: { series_id: 1, colour_band_id: 7 } }),
    ]);
    const ledger = await t.db
      .select()
      .from(coinTransactions)
      .where(eq(coinTransactions.studentId, student.id));
    expect(ledger.map((row) => [row.reason, row.amount])).toContainEqual(['level_up', 25]);
    // The results that moved the student are spent.
    const counting = await t.db
      .select()
      .from(worksheets)
      .where(and(eq(worksheets.studentId, student.id), eq(worksheets.countsForLevel, true)));
    expect(counting).toEqual([]);
  });

  it('an average of 95 % or more earns gold and its coins; a book passed twice counts once', async () => {
    const student = await newStudent({ seriesId: 2, colourBandId: 10, readAloudEnabled: false });
    const books = await Promise.all([1, 2, 3, 4, 5].map(() => book(2, 10)));
    await takeQuiz(student.token, books[0]!, 10);
    // Read to the end, the first book is completed; read again and passed again, it does not count twice.
    const read = await t.request({
      method: 'PUT',
      url: `/api/v1/worksheets/passage/${books[0]!.id}/progress`,
      token: student.token,
      payload: {
        page_num: 3,
        time_spent_reading: 60,
        num_practice_recordings: 0,
        reading_settings: DEFAULT_READING_SETTINGS,
      },
    });
    expect(read.json()).toEqual({ completed: true, pages_completed: 3 });
    const repeat = await takeQuiz(student.token, books[0]!, 10);
    expect(repeat.worksheetId).not.toBe(undefined);
    for (const passage of books.slice(1, 4)) await takeQuiz(student.token, passage, 10);
    expect(await studentRow(student.id)).toMatchObject({ seriesId: 2, colourBandId: 10 });
    const last = await takeQuiz(student.token, books[4]!, 10);
    expect(last).toMatchObject({ coins_awarded: 15 + 50, level_change: { medal: 'gold' } });
    expect(await studentRow(student.id)).toMatchObject({ seriesId: 2, colourBandId: 11 });
    const [change] = await historyOf(student.id);
    expect(change!.details).toMatchObject({ medal: 'gold', average_percent: 100 });
    expect((await alertsOf(student.id)).map((alert) => alert.typeId)).toContain(AlertType.LevelUpGold);
  });
});

describe('a school’s own books_to_level_up', () => {
  it('three passed books move a student of a school that asks for three', async () => {
    const small = await t.factories.school();
    await t.db.update(schools).set({ booksToLevelUp: 3 }).where(eq(schools.id, small.school.id));
    const place = { districtId: small.district.id, schoolId: small.school.id };
    const user = await t.factories.student(place, small.class.id, {}, { seriesId: 1, colourBandId: 9 });
    const token = (await signIn(t, user.username)).access_token;
    const results = [];
    for (const passage of await Promise.all([1, 2, 3].map(() => book(1, 9))))
      results.push(await takeQuiz(token, passage, 9));
    expect(results.map((result) => result.level_change?.direction ?? null)).toEqual([null, null, 'up']);
    expect(await studentRow(user.id)).toMatchObject({ seriesId: 1, colourBandId: 10 });
    const [change] = await historyOf(user.id);
    expect(change!.details).toMatchObject({ scores: [90, 90, 90], average_percent: 90, medal: 'silver' });
  });
});

describe('a band across series', () => {
  it('every book of the student’s band counts, whichever series it belongs to', async () => {
    const student = await newStudent({ seriesId: 1, colourBandId: 7 });
    const books = await Promise.all([
      book(1, 7),
      book(1, 7),
      book(1, 7),
      book(6, 7), // BR's band 7 is the same Lexile range as A's
      book(6, 7),
    ]);
    const results = [];
    for (const passage of books) results.push(await takeQuiz(student.token, passage, 10));
    expect(results[4]).toMatchObject({ level_change: { direction: 'up', series_id: 1, colour_band_id: 8 } });
  });
});

describe('level down', () => {
  it('three consecutive fails in the band move the student one band down, for the teacher to see', async () => {
    const student = await newStudent({ seriesId: 6, colourBandId: 6 });
    const books = await Promise.all([1, 2, 3, 4].map(() => book(6, 6)));
    await takeQuiz(student.token, books[0]!, 3);
    await takeQuiz(student.token, books[1]!, 5);
    expect((await studentRow(student.id)).colourBandId).toBe(6);
    const third = await takeQuiz(student.token, books[2]!, 7);
    expect(third).toMatchObject({
      passed: false,
      coins_awarded: 0,
      level_change: { direction: 'down', series_id: 6, colour_band_id: 5, medal: null },
    });
    expect(await studentRow(student.id)).toMatchObject({ seriesId: 6, colourBandId: 5 });
    expect(await historyOf(student.id)).toEqual([
      expect.objectContaining({
        rule: 'level_down',
        fromColourBandId: 6,
        toColourBandId: 5,
        changedBy: student.id,
        details: { worksheet_id: third.worksheetId, scores: [30, 50, 70] },
      }),
    ]);
    const down = (await alertsOf(student.id)).filter((alert) => alert.typeId === AlertType.LevelDown);
    expect(down).toEqual([expect.objectContaining({ isStudentFacing: false })]);
  });
});

describe('placement', () => {
  let placementBr: Awaited<ReturnType<typeof book>>;
  beforeAll(async () => {
    placementBr = await t.factories.passage({
      builderTypeId: BuilderType.PlacementTest,
      seriesId: 6,
      colourBandId: 3,
      questions: multipleChoice(10),
    });
  });

  it('the score places the student in a band of the test’s series (Placement, history)', async () => {
    const student = await newStudent(
      { seriesId: 6, colourBandId: null, placementTestId: placementBr.id },
      { createdAt: new Date(t.clock.now().getTime() - 86_400_000) },
    );
    const result = await takeQuiz(student.token, placementBr, 6);
    expect(result).toMatchObject({
      completed: true,
      score_percent: 60,
      passed: null,
      coins_awarded: 0,
      placement_test_id: null,
      series_id: 6,
      colour_band_id: 6,
      has_reset_colour: false,
    });
    expect(await studentRow(student.id)).toMatchObject({
      seriesId: 6,
      colourBandId: 6,
      placementTestId: null,
    });
    expect(await historyOf(student.id)).toEqual([
      expect.objectContaining({
        rule: 'placement',
        fromColourBandId: null,
        toSeriesId: 6,
        toColourBandId: 6,
        details: {
          worksheet_id: result.worksheetId,
          passage_id: placementBr.id,
          score_percent: 60,
          has_reset_colour: false,
        },
      }),
    ]);
    expect((await alertsOf(student.id)).map((alert) => [alert.typeId, alert.isStudentFacing])).toEqual([
      [AlertType.Placement, false],
    ]);
    // Submitted again: the same placement, nothing new.
    const again = await send(
      'PATCH',
      `/v1/worksheets/${result.worksheetId}/diagnostics/submit`,
      student.token,
      {
        total_score: 0,
        gradings: [],
        completed: true,
      },
    );
    expect(again.json()).toMatchObject({
      series_id: 6,
      colour_band_id: 6,
      has_reset_colour: false,
      coins_awarded: 0,
    });
    expect(await historyOf(student.id)).toHaveLength(1);
  });

  it('a test of another series, set for the student, places them in the test’s series', async () => {
    // An A student (A 6–10) takes the BR test (BR 3–7): 60 % is BR 6, where A would give 9.
    const student = await newStudent({ seriesId: 1, colourBandId: null, placementTestId: placementBr.id });
    const result = await takeQuiz(student.token, placementBr, 6);
    expect(result).toMatchObject({ series_id: 6, colour_band_id: 6 });
    expect(await studentRow(student.id)).toMatchObject({ seriesId: 6, colourBandId: 6 });
  });

  it('taken more than 14 days after the account was made, it raises LatePlacement', async () => {
    const student = await newStudent(
      { seriesId: 6, colourBandId: null },
      { createdAt: new Date(t.clock.now().getTime() - 20 * 86_400_000) },
    );
    await takeQuiz(student.token, placementBr, 0);
    expect(await studentRow(student.id)).toMatchObject({ colourBandId: 3 });
    expect((await alertsOf(student.id)).map((alert) => alert.typeId)).toEqual([AlertType.LatePlacement]);
  });

  it('reset then placed again in a band with submissions: they stop counting, has_reset_colour', async () => {
    const student = await newStudent({ seriesId: 6, colourBandId: 4 });
    const submitted = await takeQuiz(student.token, await book(6, 4), 10);

    const reset = await send('POST', `/v2/students/${student.id}/reset`, teacherToken, { starting_point: 6 });
    expect(reset.json()).toEqual({
      student_id: student.id,
      series_id: 6,
      colour_band_id: null,
      placement_test_id: placementBr.id,
    });
    const result = await takeQuiz(student.token, placementBr, 2);
    expect(result).toMatchObject({ series_id: 6, colour_band_id: 4, has_reset_colour: true });
    const [before] = await t.db.select().from(worksheets).where(eq(worksheets.id, submitted.worksheetId));
    expect(before!.countsForLevel).toBe(false);
    expect((await historyOf(student.id)).map((change) => [change.rule, change.changedBy])).toEqual([
      ['reset', world.teacher.id],
      ['placement', student.id],
    ]);
    const raised = (await alertsOf(student.id)).map((alert) => alert.typeId);
    expect(raised.filter((type) => type !== AlertType.CompleteBooksInLevel)).toEqual([
      AlertType.Pass,
      AlertType.RetakePlacement,
      AlertType.Placement,
    ]);
  });

  it('a teacher’s placement in a band with submissions resets them too', async () => {
    const student = await newStudent({ seriesId: 6, colourBandId: 5 });
    const submitted = await takeQuiz(student.token, await book(6, 5), 9);
    const placed = await send('PATCH', `/v1/students/${student.id}/placement`, teacherToken, {
      series_id: 6,
      colour_band_id: 5,
    });
    expect(placed.json()).toEqual({
      student_id: student.id,
      series_id: 6,
      colour_band_id: 5,
      placement_test_id: null,
    });
    const [row] = await t.db.select().from(worksheets).where(eq(worksheets.id, submitted.worksheetId));
    expect(row!.countsForLevel).toBe(false);
    expect(await historyOf(student.id)).toEqual([
      expect.objectContaining({
        rule: 'manual_placement',
        changedBy: world.teacher.id,
        details: { has_reset_colour: true },
      }),
    ]);
    expect((await alertsOf(student.id)).map((alert) => alert.typeId)).toContain(AlertType.ManualPlacement);
  });
});
