import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AlertType, BuilderType, DEFAULT_READING_SETTINGS } from '@readalong/contracts';
import { createTestApp, signIn, signedInCast, type TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';
import { multipleChoice, type PassageOptions } from '../../../test/factories.js';
import {
  alerts,
  classes,
  enrolments,
  readingActivityLogs,
  students,
  worksheets,
} from '../../db/schema/index.js';

let t: TestApp;
type World = Awaited<ReturnType<TestApp['factories']['school']>>;
type Passage = Awaited<ReturnType<TestApp['factories']['passage']>>;
let world: World;
let token: Awaited<ReturnType<typeof signedInCast>>['token'];
let classmateId: number;
let library: Record<string, Passage>;

beforeAll(async () => {
  t = await createTestApp();
  let classmate;
  ({ world, classmate, token } = await signedInCast(t));
  classmateId = classmate.id;
  // The student reads BR band 4: books of bands 3–5 of BR are around their level.
  const p = (options: PassageOptions) => t.factories.passage(options);
  library = {
    br3: await p({ colourBandId: 3, title: 'Band 3 Ants' }),
    br4a: await p({ colourBandId: 4, title: 'Band 4 Apples' }),
    br4b: await p({ colourBandId: 4, title: 'Band 4 Bears' }),
    br5: await p({ colourBandId: 5, title: 'Band 5 Cats' }),
    br6: await p({ colourBandId: 6, title: 'Band 6 Dogs' }),
    a5: await p({ seriesId: 1, colourBandId: 5, title: 'A Band 5 Eels' }),
    rate4: await p({
      builderTypeId: BuilderType.RateBuilder,
      colourBandId: 4,
      questions: [],
      pages: ['Run.'],
    }),
    rate7: await p({ builderTypeId: BuilderType.RateBuilder, colourBandId: 7, questions: [] }),
    skill: await p({
      builderTypeId: BuilderType.SkillBuilder,
      seriesId: 2,
      colourBandId: 10,
      questions: multipleChoice(2),
      targetOutcomes: ['COMP.KEY_DETAILS'],
    }),
    otherSkill: await p({
      builderTypeId: BuilderType.SkillBuilder,
      colourBandId: 4,
      questions: multipleChoice(2),
      targetOutcomes: ['WS.PLURALS'],
    }),
    placementBr: await p({
      builderTypeId: BuilderType.PlacementTest,
      colourBandId: 3,
      questions: multipleChoice(5),
    }),
    placementA: await p({
      builderTypeId: BuilderType.PlacementTest,
      seriesId: 1,
      colourBandId: 6,
      questions: multipleChoice(5),
    }),
  };
});
afterAll(() => t.close());

const get = (url: string, who?: string) => t.request({ method: 'GET', url: `/api${url}`, token: who });
const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, who: string | undefined, payload?: object) =>
  t.request({ method, url: `/api${url}`, token: who, payload });
const ids = (response: { json(): unknown }) =>
  (response.json() as { passages: { id: number }[] }).passages.map((passage) => passage.id);
const progress = (pageNum: number, extra: object = {}) => ({
  page_num: pageNum,
  time_spent_reading: 30,
  num_practice_recordings: 1,
  reading_settings: DEFAULT_READING_SETTINGS,
  ...extra,
});
async function startedWorksheet(who: string, passageId: number) {
  const response = await send('POST', `/v1/worksheets/passage/${passageId}`, who, {});
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ worksheet_id: number }>().worksheet_id;
}
async function studentWithoutBand() {
  const place = { districtId: world.district.id, schoolId: world.school.id };
  const user = await t.factories.student(place, world.class.id, {}, { colourBandId: null });
  return (await signIn(t, user.username)).access_token;
}

describe('GET /v1/worksheets/passage', () => {
  it('401 without a session; 400 without a type', async () => {
    expectError(await get('/v1/worksheets/passage?type_id=2'), 401);
    expectError(await get('/v1/worksheets/passage', token.student), 400, 'query.type_id');
    expectError(await get('/v1/worksheets/passage?type_id=9', token.teacher), 400, 'query.type_id');
  });

  it('a student sees the power builders one band around theirs, of any series, their band first', async () => {
    const response = await get('/v1/worksheets/passage?type_id=2', token.student);
    expect(response.statusCode, response.body).toBe(200);
    // A band is a Lexile range whatever the series: series A's band 5 sits beside BR's (rule R2).
    expect(ids(response)).toEqual([
      library.br4a!.id,
      library.br4b!.id,
      library.br3!.id,
      library.a5!.id,
      library.br5!.id,
    ]);
    const [first] = response.json<{ passages: Record<string, unknown>[] }>().passages;
    expect(first).toMatchObject({
      title: 'Band 4 Apples',
      series_id: 6,
      colour_band_id: 4,
      num_pages: 3,
      thumbnail_url: expect.stringMatching(/^\/api\/library\/test-passage-.*\/cover\.svg\?v=test$/),
      worksheet_id: null,
      rate_builder_worksheet_id: null,
      pages_completed: 0,
      worksheet_completed: false,
      is_favourited: false,
    });
    expect(first).not.toHaveProperty('pages');
  });

  it('favourites=true lists only the student’s favourites; students ignore staff filters', async () => {
    await send('POST', `/v1/worksheets/passage/${library.br3!.id}/favourite`, token.student, {
      favourite: true,
    });
    const favourites = await get('/v1/worksheets/passage?type_id=2&favourites=true', token.student);
    expect(ids(favourites)).toEqual([library.br3!.id]);
    expect(favourites.json<{ passages: { is_favourited: boolean }[] }>().passages[0]!.is_favourited).toBe(
      true,
    );
    const filtered = await get(
      '/v1/worksheets/passage?type_id=2&series_id=1&colour_band_id=6',
      token.student,
    );
    expect(ids(filtered)).toHaveLength(5);
    await send('POST', `/v1/worksheets/passage/${library.br3!.id}/favourite`, token.student, {
      favourite: false,
    });
  });

  it('a student lists their own series’ placement test; one without a band sees placement tests only', async () => {
    expect(ids(await get('/v1/worksheets/passage?type_id=1', token.student))).toEqual([
      library.placementBr!.id,
    ]);
    const unplaced = await studentWithoutBand();
    expect(ids(await get('/v1/worksheets/passage?type_id=2', unplaced))).toEqual([]);
    expect(ids(await get('/v1/worksheets/passage?type_id=3', unplaced))).toEqual([]);
    expect(ids(await get('/v1/worksheets/passage?type_id=1', unplaced)).sort()).toEqual(
      [library.placementBr!.id, library.placementA!.id].sort(),
    );
  });

  it('staff filter by series and band, and carry no progress', async () => {
    for (const who of [token.teacher, token.owner, token.head]) {
      const response = await get('/v1/worksheets/passage?type_id=2&series_id=6&colour_band_id=4', who);
      expect(response.statusCode, response.body).toBe(200);
      expect(ids(response)).toEqual([library.br4a!.id, library.br4b!.id]);
    }
    const all = await get('/v1/worksheets/passage?type_id=2', token.teacher);
    expect(ids(all)).toContain(library.br6!.id);
    expect(ids(all)).toContain(library.a5!.id);
  });
});

describe('GET /v1/worksheets/passage/{id}', () => {
  const url = (id: number | string) => `/v1/worksheets/passage/${id}`;

  it('401, 400, then 404 for a passage not at the student’s access', async () => {
    expectError(await get(url(library.br4a!.id)), 401);
    expectError(await get(url('abc'), token.student), 400, 'params.id');
    for (const passage of [library.br6!, library.rate7!, library.placementA!]) {
      expectError(await get(url(passage.id), token.student), 404);
    }
    expectError(await get(url(999_999), token.student), 404);
    expectError(await get(url(999_999), token.teacher), 404);
  });

  it('a student opens books up to one band above theirs, every skill builder and their placement test', async () => {
    for (const passage of [library.br3!, library.br5!, library.a5!, library.rate4!, library.skill!]) {
      expect((await get(url(passage.id), token.student)).statusCode).toBe(200);
    }
    expect((await get(url(library.placementBr!.id), token.student)).statusCode).toBe(200);
    const unplaced = await studentWithoutBand();
    expectError(await get(url(library.br3!.id), unplaced), 404);
    expect((await get(url(library.placementA!.id), unplaced)).statusCode).toBe(200);
  });

  it('a passage assigned to the student opens whatever its band', async () => {
    const assigned = await t.factories.passage({ colourBandId: 9, seriesId: 2 });
    expectError(await get(url(assigned.id), token.student), 404);
    await t.factories.assignment(world.class, world.teacher.id, assigned.id);
    expect((await get(url(assigned.id), token.student)).statusCode).toBe(200);
  });

  it('answers the pages with pictures and narration links; staff see every passage without progress', async () => {
    const response = await get(url(library.br4b!.id), token.student);
    expect(response.statusCode, response.body).toBe(200);
    const passage = response.json<{ pages: Record<string, unknown>[] }>();
    expect(passage.pages).toHaveLength(3);
    expect(passage.pages[0]).toEqual({
      page_num: 1,
      text: 'Sam has a new kite.',
      illustration_url: expect.stringMatching(/^\/api\/library\/.*\/page-1\.svg\?v=test$/),
      narration_url: null,
      word_timings: null,
    });
    expect(passage.pages[1]).toMatchObject({ page_num: 2, illustration_url: null });
    const staff = await get(url(library.br6!.id), token.owner);
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toMatchObject({ worksheet_id: null, pages_completed: 0, is_favourited: false });
  });
});

describe('POST /v1/worksheets/passage/{id} and /rate-builder', () => {
  const start = (id: number | string, who?: string, body: object = {}, suffix = '') =>
    send('POST', `/v1/worksheets/passage/${id}${suffix}`, who, body);

  it('401, 400, 403 for staff, 404 off the student’s access, 400 for the wrong kind', async () => {
    expectError(await start(library.br4a!.id), 401);
    expectError(await start(library.br4a!.id, token.student, { class_id: 'x' }), 400, 'body.class_id');
    expectError(await start(library.br4a!.id, token.student, { colour: 1 }), 400, 'body.colour');
    expectError(await start(library.br4a!.id, token.teacher), 403);
    expectError(await start(library.br6!.id, token.student), 404);
    expectError(await start(library.rate7!.id, token.student, {}, '/rate-builder'), 404);
    expectError(await start(library.rate4!.id, token.student), 400, 'params.id');
    expectError(await start(library.br4a!.id, token.student, {}, '/rate-builder'), 400, 'params.id');
  });

  it('creates the worksheet at the level held, then resumes it', async () => {
    const first = await startedWorksheet(token.student, library.br4a!.id);
    expect(await startedWorksheet(token.student, library.br4a!.id)).toBe(first);
    const [row] = await t.db.select().from(worksheets).where(eq(worksheets.id, first));
    expect(row).toMatchObject({
      studentId: world.student.id,
      classId: world.class.id,
      seriesId: 6,
      colourBandId: 4,
      countsForLevel: true,
    });
    // A book a band above counts for nothing yet.
    const above = await startedWorksheet(token.student, library.br5!.id);
    const [aboveRow] = await t.db.select().from(worksheets).where(eq(worksheets.id, above));
    expect(aboveRow!.countsForLevel).toBe(false);
  });

  it('counts for the given class when the student is enrolled in it, else the home class', async () => {
    const place = { districtId: world.district.id, schoolId: world.school.id };
    const [club] = await t.db
      .insert(classes)
      .values({ ...place, name: 'Book club' })
      .returning();
    const [stranger] = await t.db
      .insert(classes)
      .values({ ...place, name: 'Not mine' })
      .returning();
    await t.db
      .insert(enrolments)
      .values({ classId: club!.id, studentId: world.student.id, schoolId: place.schoolId });
    const inClub = await start(library.br3!.id, token.student, { class_id: club!.id });
    const elsewhere = await start(library.skill!.id, token.student, { class_id: stranger!.id });
    const rows = await t.db.select().from(worksheets).where(eq(worksheets.studentId, world.student.id));
    const classOf = (id: number) => rows.find((row) => row.id === id)!.classId;
    expect(classOf(inClub.json<{ worksheet_id: number }>().worksheet_id)).toBe(club!.id);
    expect(classOf(elsewhere.json<{ worksheet_id: number }>().worksheet_id)).toBe(world.class.id);
  });

  it('starts a rate builder, answered as rate_builder_worksheet_id', async () => {
    const response = await start(library.rate4!.id, token.student, {}, '/rate-builder');
    expect(response.statusCode, response.body).toBe(200);
    const { worksheet_id } = response.json<{ worksheet_id: number }>();
    const passage = await get(`/v1/worksheets/passage/${library.rate4!.id}`, token.student);
    expect(passage.json()).toMatchObject({ worksheet_id, rate_builder_worksheet_id: worksheet_id });
  });
});

describe('POST /v1/worksheets/passage/{id}/favourite', () => {
  const favourite = (id: number, who?: string, body: object = { favourite: true }, query = '') =>
    send('POST', `/v1/worksheets/passage/${id}/favourite${query}`, who, body);

  it('401, 400, 403, 404, then adds and removes', async () => {
    expectError(await favourite(library.br4b!.id), 401);
    expectError(await favourite(library.br4b!.id, token.student, {}), 400, 'body.favourite');
    expectError(await favourite(library.br4b!.id, token.teacher), 403);
    expectError(await favourite(library.br6!.id, token.student), 404);
    const added = await favourite(library.br4b!.id, token.student);
    expect(added.json()).toEqual({ passage_id: library.br4b!.id, is_favourited: true });
    expect((await get(`/v1/worksheets/passage/${library.br4b!.id}`, token.student)).json()).toMatchObject({
      is_favourited: true,
    });
    expect((await get(`/v1/worksheets/passage/${library.br4b!.id}`, token.classmate)).json()).toMatchObject({
      is_favourited: false,
    });
    const removed = await favourite(
      library.br4b!.id,
      token.student,
      { favourite: true },
      '?unfavourite=true',
    );
    expect(removed.json()).toEqual({ passage_id: library.br4b!.id, is_favourited: false });
  });
});

describe('PUT /v1/worksheets/passage/{id}/progress', () => {
  const save = (id: number, who?: string, body: object = progress(1)) =>
    send('PUT', `/v1/worksheets/passage/${id}/progress`, who, body);

  it('401, 400, 403, 404 before a worksheet, 400 naming body.page_num past the last page', async () => {
    expectError(await save(library.br4b!.id), 401);
    expectError(await save(library.br4b!.id, token.student, progress(0)), 400, 'body.page_num');
    expectError(await save(library.br4b!.id, token.student, progress(1, { extra: 1 })), 400, 'body.extra');
    expectError(await save(library.br4b!.id, token.teacher), 403);
    expectError(await save(library.br4b!.id, token.student), 404);
    expectError(await save(999_999, token.student), 404);
    await startedWorksheet(token.student, library.br4b!.id);
    expectError(await save(library.br4b!.id, token.student, progress(4)), 400, 'body.page_num');
  });

  it('pages completed only rise; time and practice recordings add up', async () => {
    const id = await startedWorksheet(token.student, library.br4b!.id);
    const second = await save(library.br4b!.id, token.student, progress(2));
    expect(second.json()).toEqual({ completed: false, pages_completed: 2 });
    const back = await save(library.br4b!.id, token.student, progress(1, { time_spent_reading: 15 }));
    expect(back.json()).toEqual({ completed: false, pages_completed: 2 });
    const [row] = await t.db.select().from(worksheets).where(eq(worksheets.id, id));
    expect(row).toMatchObject({ pagesCompleted: 2, timeSpentReadingMs: 45_000, numPracticeRecordings: 2 });
    // The classmate's reading of the same book is theirs alone.
    await startedWorksheet(token.classmate, library.br4b!.id);
    expect((await save(library.br4b!.id, token.classmate, progress(3))).json()).toMatchObject({
      pages_completed: 3,
    });
    expect((await get(`/v1/worksheets/${id}`, token.student)).json()).toMatchObject({ pages_completed: 2 });
  });

  it('reading the last page of a rate builder without read-aloud completes it and pays once', async () => {
    const place = { districtId: world.district.id, schoolId: world.school.id };
    const reader = await t.factories.student(place, world.class.id, {}, { readAloudEnabled: false });
    const who = (await signIn(t, reader.username)).access_token;
    await send('POST', `/v1/worksheets/passage/${library.rate4!.id}/rate-builder`, who, {});
    expect((await save(library.rate4!.id, who, progress(1))).json()).toEqual({
      completed: true,
      pages_completed: 1,
    });
    expect((await save(library.rate4!.id, who, progress(1))).json()).toEqual({
      completed: true,
      pages_completed: 1,
    });
    const [student] = await t.db.select().from(students).where(eq(students.userId, reader.id));
    // 30 from the factory, 5 for the rate builder, once.
    expect(student!.coins).toBe(35);
    const raised = await t.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.studentId, reader.id), eq(alerts.typeId, AlertType.CompleteRateBuilder)));
    expect(raised).toHaveLength(1);

    const submitted = await get('/v1/worksheets/passage/submitted', who);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json<{ passages: unknown[] }>().passages).toEqual([
      expect.objectContaining({
        passage_id: library.rate4!.id,
        title: library.rate4!.title,
        colour_band_id: 4,
        series_id: 6,
        recording_id: null,
        recording_grading_viewed: null,
      }),
    ]);
    expect((await get('/v1/worksheets/passage/submitted?colour_band_id=5', who)).json()).toEqual({
      passages: [],
    });
  });
});

describe('GET /v1/worksheets/passage/submitted', () => {
  it('401, 400, 403 for staff; the signed-in student’s own only', async () => {
    expectError(await get('/v1/worksheets/passage/submitted'), 401);
    expectError(
      await get('/v1/worksheets/passage/submitted?colour_band_id=99', token.student),
      400,
      'query.colour_band_id',
    );
    expectError(await get('/v1/worksheets/passage/submitted', token.teacher), 403);
    expect((await get('/v1/worksheets/passage/submitted', token.student)).json()).toEqual({ passages: [] });
  });
});

describe('worksheets: GET /v1/worksheets/{id}, /passage, PATCH reading-practice', () => {
  let own: number;
  beforeAll(async () => {
    own = await startedWorksheet(token.student, library.br3!.id);
  });

  it('GET /v1/worksheets/{id}: 401, 400, 404 for another student or staff out of scope, the state for the rest', async () => {
    expectError(await get(`/v1/worksheets/${own}`), 401);
    expectError(await get('/v1/worksheets/abc', token.student), 400, 'params.id');
    expectError(await get(`/v1/worksheets/${own}`, token.classmate), 404);
    expectError(await get(`/v1/worksheets/${own}`, token.outsider), 404);
    for (const who of [token.student, token.teacher, token.owner, token.head]) {
      const response = await get(`/v1/worksheets/${own}`, who);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        id: own,
        passage_id: library.br3!.id,
        student_id: world.student.id,
        class_id: expect.any(Number),
        builder_type_id: BuilderType.PowerBuilder,
        assignment_id: null,
        pages_completed: 0,
        completed: false,
        completed_at: null,
        reading_practice_completed: false,
        recording_submitted: false,
        score_percent: null,
        created_at: expect.any(String),
      });
    }
  });

  it('GET /v1/worksheets/{id}/passage: the student’s progress on it; staff in scope see none', async () => {
    expectError(await get(`/v1/worksheets/${own}/passage`), 401);
    expectError(await get('/v1/worksheets/0/passage', token.student), 400, 'params.id');
    expectError(await get(`/v1/worksheets/${own}/passage`, token.classmate), 404);
    expectError(await get(`/v1/worksheets/${own}/passage`, token.outsider), 404);
    const mine = await get(`/v1/worksheets/${own}/passage`, token.student);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ id: library.br3!.id, worksheet_id: own, pages: expect.any(Array) });
    const staff = await get(`/v1/worksheets/${own}/passage`, token.teacher);
    expect(staff.json()).toMatchObject({ id: library.br3!.id, worksheet_id: null, pages_completed: 0 });
  });

  it('PATCH /v1/worksheets/reading-practice/{id}: 401, 400, 403, 404 for another’s worksheet, then done', async () => {
    const practice = (id: number | string, who?: string) =>
      send('PATCH', `/v1/worksheets/reading-practice/${id}`, who);
    expectError(await practice(own), 401);
    expectError(await practice('x', token.student), 400, 'params.id');
    expectError(await practice(own, token.teacher), 403);
    expectError(await practice(own, token.classmate), 404);
    expect((await practice(own, token.student)).json()).toEqual({ success: true });
    expect((await get(`/v1/worksheets/${own}`, token.student)).json()).toMatchObject({
      reading_practice_completed: true,
    });
  });

  it('POST /v1/data-logger/reading-activity: 401, 400, 403, 404 for another’s worksheet, then logged', async () => {
    const log = (who?: string, body: object = {}) =>
      send('POST', '/v1/data-logger/reading-activity', who, {
        worksheet_id: own,
        start_time: '2026-09-15T08:30:00Z',
        num_practice_recordings: 2,
        reading_settings: DEFAULT_READING_SETTINGS,
        ...body,
      });
    expectError(await log(), 401);
    expectError(await log(token.student, { start_time: 'yesterday' }), 400, 'body.start_time');
    expectError(await log(token.teacher), 403);
    expectError(await log(token.classmate), 404);
    expect((await log(token.student)).json()).toEqual({ success: true });
    const rows = await t.db
      .select()
      .from(readingActivityLogs)
      .where(eq(readingActivityLogs.worksheetId, own));
    expect(rows).toEqual([
      expect.objectContaining({
        studentId: world.student.id,
        numPracticeRecordings: 2,
        startTime: new Date('2026-09-15T08:30:00Z'),
        readingSettings: DEFAULT_READING_SETTINGS,
      }),
    ]);
  });
});

describe('GET /v1/worksheets/skill-builders', () => {
  const list = (query: string, who?: string) => get(`/v1/worksheets/skill-builders${query}`, who);
  const listed = (response: { json(): unknown }) =>
    (response.json() as { skill_builders: { id: number }[] }).skill_builders.map((passage) => passage.id);

  it('401, 400, then skill builders by level or by the outcomes of a passage', async () => {
    expectError(await list(''), 401);
    expectError(await list('?series_id=9', token.teacher), 400, 'query.series_id');
    expect(listed(await list('', token.teacher))).toEqual([library.otherSkill!.id, library.skill!.id]);
    expect(listed(await list('?series_id=2&colour_band_id=10', token.student))).toEqual([library.skill!.id]);
    // The book's questions measure COMP.KEY_DETAILS (among others): the skill builder practising it answers.
    expect(listed(await list(`?passage_id=${library.br4a!.id}`, token.student))).toEqual([library.skill!.id]);
    expectError(await list(`?passage_id=${library.br6!.id}`, token.student), 404);
    expect(listed(await list(`?passage_id=${library.br6!.id}`, token.owner))).toEqual([library.skill!.id]);
  });

  it('a student without a band has none', async () => {
    expect(listed(await list('', await studentWithoutBand()))).toEqual([]);
  });
});

describe('isolation', () => {
  it('a student never reads another student’s progress', async () => {
    const mine = await startedWorksheet(token.student, library.br5!.id);
    await send('PUT', `/v1/worksheets/passage/${library.br5!.id}/progress`, token.student, progress(2));
    const theirs = await get(`/v1/worksheets/passage/${library.br5!.id}`, token.classmate);
    expect(theirs.json()).toMatchObject({ worksheet_id: null, pages_completed: 0 });
    expect((await get(`/v1/worksheets/passage/${library.br5!.id}`, token.student)).json()).toMatchObject({
      worksheet_id: mine,
      pages_completed: 2,
    });
    expect(classmateId).not.toBe(world.student.id);
  });
});
