import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BuilderType, colourBand } from '@readalong/contracts';
import { createTestApp, signedInCast, type TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';
import { goals, levelChanges, passages, recordings } from '../../db/schema/index.js';
import { daysOf, reportInterval } from './date-range.js';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
const at = (iso: string) => new Date(iso);

interface Overview {
  books: Book[];
  recordings: { wpm: number; file_url: string }[];
  lexile_timeline: { lexile: number; source: string; rule: string | null }[];
  current_lexile: number | null;
  goals: unknown[];
}

interface Book {
  title: string;
  score_percent: number | null;
  wpm: number | null;
  lexile: number;
}

/** The student's reading: three quizzes over two years, a placement and a level up, two recordings. */
beforeAll(async () => {
  t = await createTestApp(); // the test clock reads 2026-09-15
  cast = await signedInCast(t);
  const student = cast.world.student;
  const quiz = async (title: string, lexile: number, score: number, when: string) => {
    const passage = await t.factories.passage({ title, questions: [] });
    await t.db.update(passages).set({ lexile }).where(eq(passages.id, passage.id));
    return t.factories.worksheet(student, passage.id, {
      quizSubmittedAt: at(when),
      scorePercent: score,
      isPassed: score >= 80,
      worksheetCompleted: true,
      completedAt: at(when),
      createdAt: at(when),
    });
  };
  await quiz('Long Ago', 230, 90, '2020-01-10T10:00:00Z');
  const kite = await quiz('The Kite', 250, 85, '2026-09-01T10:00:00Z');
  await quiz('The Storm', 270, 60, '2026-09-10T10:00:00Z');
  const rate = await t.factories.passage({ builderTypeId: BuilderType.RateBuilder, questions: [] });
  await t.factories.worksheet(student, rate.id, {
    quizSubmittedAt: at('2026-09-02T10:00:00Z'),
    scorePercent: 100,
  });
  await t.db.insert(levelChanges).values([
    {
      studentId: student.id,
      schoolId: student.schoolId!,
      toSeriesId: 6,
      toColourBandId: 3,
      rule: 'placement',
      createdAt: at('2026-08-20T09:00:00Z'),
    },
    {
      studentId: student.id,
      schoolId: student.schoolId!,
      toSeriesId: 6,
      toColourBandId: 4,
      rule: 'level_up',
      createdAt: at('2026-09-01T10:00:00Z'),
    },
  ]);
  const recording = (wpm: number, when: string, isPractice = false) => ({
    worksheetId: kite.id,
    studentId: student.id,
    schoolId: student.schoolId!,
    districtId: student.districtId,
    isPractice,
    fileKey: 'recordings/kite.webm',
    mimeType: 'audio/webm',
    sizeBytes: 1000,
    durationMs: 30_000,
    wpm,
    wcpm: wpm - 5,
    createdAt: at(when),
  });
  await t.db
    .insert(recordings)
    .values([
      recording(60, '2026-09-02T10:00:00Z'),
      recording(99, '2026-09-03T10:00:00Z', true),
      recording(72, '2026-09-05T10:00:00Z'),
    ]);
  await t.db
    .insert(goals)
    .values({ schoolId: student.schoolId!, classId: cast.world.class.id, targetLexile: 300, targetWpm: 70 });
});
afterAll(() => t.close());

describe('GET /v1/students/reading-overview', () => {
  const get = (token: string | undefined, query = '') =>
    t.request({ method: 'GET', url: `/api/v1/students/reading-overview${query}`, token });

  it('401, 400 naming a bad date or staff naming no student', async () => {
    expectError(await get(undefined), 401);
    expectError(await get(cast.token.teacher), 400, 'query.student_id');
    expectError(await get(cast.token.student, '?start=yesterday'), 400, 'query.start');
    expectError(await get(cast.token.student, '?start=2026-09-10&end=2026-09-01'), 400, 'query.end');
  });

  it('the student’s own books, recordings, Lexile timeline and goals; the classmate’s is empty', async () => {
    const response = await get(cast.token.student, '?start=2026-08-01&end=2026-09-15');
    expect(response.statusCode, response.body).toBe(200);
    const overview = response.json<Overview>();
    expect(overview.books.map((book) => [book.title, book.score_percent, book.wpm])).toEqual([
      ['The Storm', 60, null],
      ['The Kite', 85, 72],
    ]);
    expect(overview.recordings.map((recording) => recording.wpm)).toEqual([60, 72]);
    expect(overview.recordings[0]!.file_url).toMatch(/signature=/);
    expect(overview.lexile_timeline.map((point) => [point.source, point.lexile])).toEqual([
      ['level_change', 190],
      ['book_passed', 250],
      ['level_change', 240],
    ]);
    expect(overview.lexile_timeline.map((point) => point.rule)).toEqual(['placement', null, 'level_up']);
    expect(overview.current_lexile).toBe(240);
    expect(overview.goals).toEqual([
      { kind: 'lexile', target: 300, current: 240, target_date: null, achieved_at: null },
      { kind: 'wpm', target: 70, current: 72, target_date: null, achieved_at: null },
    ]);

    const other = (await get(cast.token.classmate)).json<Overview>();
    expect(other).toMatchObject({ books: [], recordings: [], lexile_timeline: [], current_lexile: null });
  });

  it('staff read a student in their scope (P14); out of scope, or another student asking, is 404', async () => {
    const id = cast.world.student.id;
    expectError(await get(cast.token.outsider, `?student_id=${id}`), 404);
    expectError(await get(cast.token.classmate, `?student_id=${id}`), 404);
    const own = (await get(cast.token.student, '?start=2026-08-01')).json<Overview>();
    for (const token of [cast.token.teacher, cast.token.owner, cast.token.head, cast.token.student]) {
      const response = await get(token, `?student_id=${id}&start=2026-08-01`);
      expect(response.statusCode, response.body).toBe(200);
      const overview = response.json<Overview & { student: { student_id: number; name: string } }>();
      expect(overview.student).toMatchObject({ student_id: id, username: cast.world.student.username });
      expect({ ...overview, recordings: overview.recordings.length }).toEqual({
        ...own,
        recordings: own.recordings.length,
      });
    }
  });

  it('two level changes at the same instant (one transaction): the estimate follows the later one', async () => {
    const place = { districtId: cast.world.district.id, schoolId: cast.world.school.id };
    const student = await t.factories.student(place, cast.world.class.id);
    const change = (colourBandId: number) => ({
      studentId: student.id,
      schoolId: place.schoolId,
      toSeriesId: 6,
      toColourBandId: colourBandId,
      rule: 'placement' as const,
      createdAt: at('2026-09-03T09:00:00Z'),
    });
    await t.db.insert(levelChanges).values(change(6));
    await t.db.insert(levelChanges).values(change(3));
    const overview = (await get(cast.token.teacher, `?student_id=${student.id}`)).json<Overview>();
    expect(overview.current_lexile).toBe(colourBand(3).min_lexile);
  });

  it('the range narrows every list but not the current estimate', async () => {
    const overview = (await get(cast.token.student, '?start=2026-09-02&end=2026-09-04')).json<Overview>();
    expect(overview.books).toEqual([]);
    expect(overview.lexile_timeline).toEqual([]);
    expect(overview.recordings).toHaveLength(1);
    expect(overview.current_lexile).toBe(240);
  });
});

describe('GET /v1/students/{id}/book-performance', () => {
  const get = (token: string | undefined, studentId: number, query = '') =>
    t.request({ method: 'GET', url: `/api/v1/students/${studentId}/book-performance${query}`, token });
  const titles = async (token: string, query = '') => {
    const response = await get(token, cast.world.student.id, query);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ books: Book[]; total: number }>();
    return { titles: body.books.map((book) => book.title), total: body.total };
  };

  it('401; 400 naming min, max or page; 404 for a student out of scope', async () => {
    const id = cast.world.student.id;
    expectError(await get(undefined, id), 401);
    expectError(await get(cast.token.teacher, id, '?min=101'), 400, 'query.min');
    expectError(await get(cast.token.teacher, id, '?min=80&max=50'), 400, 'query.max');
    expectError(await get(cast.token.teacher, id, '?limit=0'), 400, 'query.limit');
    expectError(await get(cast.token.classmate, id), 404);
    expectError(await get(cast.token.outsider, id), 404);
  });

  it('power-builder quizzes of the last 5 years up to today by default, newest first', async () => {
    expect(await titles(cast.token.student)).toEqual({ titles: ['The Storm', 'The Kite'], total: 2 });
    expect(await titles(cast.token.teacher, '?start=2019-01-01')).toEqual({
      titles: ['The Storm', 'The Kite', 'Long Ago'],
      total: 3,
    });
  });

  it('filters by score and pages, for each staff role in scope', async () => {
    expect(await titles(cast.token.owner, '?min=80')).toEqual({ titles: ['The Kite'], total: 1 });
    expect(await titles(cast.token.head, '?max=79')).toEqual({ titles: ['The Storm'], total: 1 });
    expect(await titles(cast.token.teacher, '?limit=1&page=1')).toEqual({ titles: ['The Kite'], total: 2 });
  });
});

describe('report date ranges', () => {
  it('bare dates are whole days; the default is 5 years up to the end of today', () => {
    const now = at('2026-09-15T09:00:00Z');
    expect(reportInterval({}, now)).toEqual({
      from: at('2021-09-15T00:00:00Z'),
      until: at('2026-09-16T00:00:00Z'),
    });
    const week = reportInterval({ start: '2026-09-01', end: '2026-09-07' }, now);
    expect(daysOf(week)).toHaveLength(7);
  });
});
