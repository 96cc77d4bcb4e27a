import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AlertType, BuilderType } from '@readalong/contracts';
import { createTestApp, signIn, type TestApp } from '../../../test/app.js';
import { answersTo, multipleChoice } from '../../../test/factories.js';
import { expectError } from '../../../test/ladder.js';
import { alerts, levelChanges } from '../../db/schema/index.js';

let t: TestApp;
let world: Awaited<ReturnType<TestApp['factories']['school']>>;
beforeAll(async () => {
  t = await createTestApp();
  world = await t.factories.school();
});
afterAll(() => t.close());

describe('GET /v2/students/user-details', () => {
  const get = (token?: string) => t.request({ method: 'GET', url: '/api/v2/students/user-details', token });

  it('401 without a session; 403 for every staff role', async () => {
    expectError(await get(), 401);
    for (const person of [world.teacher, world.owner, world.head]) {
      expectError(await get((await signIn(t, person.username)).access_token), 403);
    }
  });

  it('answers exactly the fields of its contract, for the signed-in student', async () => {
    const response = await get((await signIn(t, world.student.username)).access_token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      colour_band_id: 4,
      series_id: 6,
      coins: 30,
      read_aloud_enabled: true,
      narration_enabled: true,
      class_id: world.class.id,
      placement_test_id: null,
    });
  });
});

describe('GET /v2/students/placement-test', () => {
  const get = (token?: string) => t.request({ method: 'GET', url: '/api/v2/students/placement-test', token });

  it('401, 403 for staff, 404 while the library has no placement test', async () => {
    expectError(await get(), 401);
    expectError(await get((await signIn(t, world.teacher.username)).access_token), 403);
    const missing = expectError(await get((await signIn(t, world.student.username)).access_token), 404);
    expect(missing.message).toBe('No such placement test.');
  });

  it('the test set for the student, else their series’ test, else BR’s', async () => {
    const test = (seriesId: number) =>
      t.factories.passage({
        builderTypeId: BuilderType.PlacementTest,
        seriesId,
        questions: multipleChoice(3),
      });
    const br = await test(6);
    const b = await test(2);
    const place = { districtId: world.district.id, schoolId: world.school.id };
    const setFor = await t.factories.student(
      place,
      world.class.id,
      {},
      { colourBandId: null, placementTestId: b.id },
    );
    const inSeries = await t.factories.student(place, world.class.id, {}, { seriesId: 2, colourBandId: 10 });
    const newcomer = await t.factories.student(
      place,
      world.class.id,
      {},
      { seriesId: null, colourBandId: null },
    );
    const answer = async (username: string) =>
      (await get((await signIn(t, username)).access_token)).json<unknown>();
    expect(await answer(setFor.username)).toEqual({ passage_id: b.id, series_id: 2 });
    expect(await answer(inSeries.username)).toEqual({ passage_id: b.id, series_id: 2 });
    expect(await answer(newcomer.username)).toEqual({ passage_id: br.id, series_id: 6 });
    expect(await answer(world.student.username)).toEqual({ passage_id: br.id, series_id: 6 });
  });
});

describe('staff change a student’s level', () => {
  let other: Awaited<ReturnType<TestApp['factories']['school']>>;
  let token: Record<'student' | 'teacher' | 'owner' | 'head' | 'outsider', string>;
  let target: { id: number };
  beforeAll(async () => {
    other = await t.factories.school();
    const place = { districtId: world.district.id, schoolId: world.school.id };
    target = await t.factories.student(place, world.class.id);
    token = {
      student: (await signIn(t, world.student.username)).access_token,
      teacher: (await signIn(t, world.teacher.username)).access_token,
      owner: (await signIn(t, world.owner.username)).access_token,
      head: (await signIn(t, world.head.username)).access_token,
      outsider: (await signIn(t, other.teacher.username)).access_token,
    };
    await t.factories.passage({
      builderTypeId: BuilderType.PlacementTest,
      seriesId: 1,
      questions: multipleChoice(3),
    });
  });
  const send = (method: 'POST' | 'PATCH', url: string, who?: string, payload: object = {}) =>
    t.request({ method, url: `/api${url}`, token: who, payload });

  it('POST /v2/students/{id}/reset: 401, 400, 403, 404 out of scope, 400 without a test, then reset', async () => {
    const url = `/v2/students/${target.id}/reset`;
    expectError(await send('POST', url, undefined, { starting_point: 1 }), 401);
    expectError(await send('POST', url, token.teacher, { starting_point: 9 }), 400, 'body.starting_point');
    expectError(await send('POST', url, token.student, { starting_point: 1 }), 403);
    const hidden = expectError(await send('POST', url, token.outsider, { starting_point: 1 }), 404);
    expect(hidden.message).toBe('No such student.');
    expectError(await send('POST', '/v2/students/999999/reset', token.owner, { starting_point: 1 }), 404);
    const untested = expectError(await send('POST', url, token.teacher, { starting_point: 5 }), 400);
    expect(untested.fields).toEqual({ 'body.starting_point': 'this series has no placement test yet' });
    for (const who of [token.teacher, token.owner, token.head]) {
      const response = await send('POST', url, who, { starting_point: 1 });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ student_id: target.id, series_id: 1, colour_band_id: null });
    }
    const history = await t.db.select().from(levelChanges).where(eq(levelChanges.studentId, target.id));
    expect(history.map((change) => change.rule)).toEqual(['reset', 'reset', 'reset']);
    const raised = await t.db.select().from(alerts).where(eq(alerts.studentId, target.id));
    expect(raised.every((alert) => alert.typeId === AlertType.RetakePlacement)).toBe(true);
  });

  it('PATCH /v1/students/{id}/placement: 401, 400, 403, 404, 400 for a band outside the series, then placed', async () => {
    const url = `/v1/students/${target.id}/placement`;
    const body = { series_id: 1, colour_band_id: 8 };
    expectError(await send('PATCH', url, undefined, body), 401);
    expectError(
      await send('PATCH', url, token.teacher, { series_id: 1, colour_band_id: 30 }),
      400,
      'body.colour_band_id',
    );
    expectError(await send('PATCH', url, token.student, body), 403);
    expectError(await send('PATCH', url, token.outsider, body), 404);
    expectError(
      await send('PATCH', url, token.teacher, { series_id: 1, colour_band_id: 3 }),
      400,
      'body.colour_band_id',
    );
    const response = await send('PATCH', url, token.teacher, body);
    expect(response.json()).toEqual({
      student_id: target.id,
      series_id: 1,
      colour_band_id: 8,
      placement_test_id: null,
    });
    const [change] = await t.db
      .select()
      .from(levelChanges)
      .where(and(eq(levelChanges.studentId, target.id), eq(levelChanges.rule, 'manual_placement')));
    expect(change).toMatchObject({ toSeriesId: 1, toColourBandId: 8, changedBy: world.teacher.id });
    const placed = await t.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.studentId, target.id), eq(alerts.typeId, AlertType.ManualPlacement)));
    expect(placed).toHaveLength(1);
  });

  it('PATCH /v1/students/{id}/placement: a series’ first and last bands place; one band past either is refused, naming the range', async () => {
    const url = `/v1/students/${target.id}/placement`;
    const place = (band: number) => send('PATCH', url, token.teacher, { series_id: 2, colour_band_id: band });
    for (const band of [9, 13]) {
      const response = await place(band);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ series_id: 2, colour_band_id: band });
    }
    for (const band of [8, 14]) {
      const refused = expectError(await place(band), 400);
      expect(refused.fields).toEqual({ 'body.colour_band_id': 'series B covers bands 9–13' });
    }
  });
});

describe('GET /v1/students/{id}/skill-builders and /rate-builders', () => {
  it('401, 400, 404 for another student or staff out of scope; started, assigned and suggested builders', async () => {
    const place = { districtId: world.district.id, schoolId: world.school.id };
    const reader = await t.factories.student(place, world.class.id);
    const readerToken = (await signIn(t, reader.username)).access_token;
    const other = await t.factories.school();
    const tokens = {
      classmate: (await signIn(t, world.student.username)).access_token,
      teacher: (await signIn(t, world.teacher.username)).access_token,
      head: (await signIn(t, world.head.username)).access_token,
      outsider: (await signIn(t, other.owner.username)).access_token,
    };
    const skill = (outcome: string) =>
      t.factories.passage({
        builderTypeId: BuilderType.SkillBuilder,
        questions: multipleChoice(2, outcome),
        targetOutcomes: [outcome],
      });
    const started = await skill('COMP.SEQUENCE');
    const suggested = await skill('COMP.PREDICT');
    await skill('VOC.IDIOMS');
    const rate = await t.factories.passage({ builderTypeId: BuilderType.RateBuilder, questions: [] });
    const assignment = await t.factories.assignment(world.class, world.teacher.id, rate.id);
    // A weak result on COMP.PREDICT (0 %) suggests the skill builder that practises it.
    const weakBook = await t.factories.passage({ questions: multipleChoice(2, 'COMP.PREDICT') });
    const start = async (passageId: number) =>
      (
        await t.request({
          method: 'POST',
          url: `/api/v1/worksheets/passage/${passageId}`,
          token: readerToken,
          payload: {},
        })
      ).json<{ worksheet_id: number }>().worksheet_id;
    const worksheetId = await start(started.id);
    const weak = await start(weakBook.id);
    await t.request({
      method: 'PATCH',
      url: `/api/v1/worksheets/${weak}/diagnostics/submit`,
      token: readerToken,
      payload: { total_score: 0, gradings: answersTo(weakBook.questions, () => false), completed: true },
    });

    const get = (kind: string, id: number | string, who?: string) =>
      t.request({ method: 'GET', url: `/api/v1/students/${id}/${kind}`, token: who });
    for (const kind of ['skill-builders', 'rate-builders']) {
      expectError(await get(kind, reader.id), 401);
      expectError(await get(kind, 'x', readerToken), 400, 'params.id');
      expectError(await get(kind, reader.id, tokens.classmate), 404);
      expectError(await get(kind, reader.id, tokens.outsider), 404);
    }
    for (const who of [readerToken, tokens.teacher, tokens.head]) {
      const skills = await get('skill-builders', reader.id, who);
      expect(skills.statusCode, skills.body).toBe(200);
      expect(skills.json()).toEqual({
        skill_builders: [
          {
            passage_id: started.id,
            title: started.title,
            builder_type_id: BuilderType.SkillBuilder,
            worksheet_id: worksheetId,
            assigned_at: null,
            completed_at: null,
            score_percent: null,
            wpm: null,
          },
          expect.objectContaining({ passage_id: suggested.id, worksheet_id: null, assigned_at: null }),
        ],
      });
      expect((await get('rate-builders', reader.id, who)).json()).toEqual({
        rate_builders: [
          expect.objectContaining({
            passage_id: rate.id,
            builder_type_id: BuilderType.RateBuilder,
            worksheet_id: null,
            assigned_at: assignment.createdAt.toISOString(),
            wpm: null,
          }),
        ],
      });
    }
  });
});
