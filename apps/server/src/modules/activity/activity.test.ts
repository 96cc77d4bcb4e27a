import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuilderType } from '@readalong/contracts';
import { createTestApp, signedInCast, type TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';
import { recordings } from '../../db/schema/index.js';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
const at = (iso: string) => new Date(iso);

interface Counts {
  minutes_reading: number;
  pages_read: number;
  books_completed: number;
  quizzes_submitted: number;
  recordings_submitted: number;
}
interface Profile {
  days: (Counts & { date: string })[];
  totals: Counts;
}

beforeAll(async () => {
  t = await createTestApp(); // the test clock reads 2026-09-15
  cast = await signedInCast(t);
  const student = cast.world.student;
  const book = await t.factories.passage({ questions: [] });
  const skill = await t.factories.passage({ builderTypeId: BuilderType.SkillBuilder, questions: [] });
  const read = await t.factories.worksheet(student, book.id, {
    createdAt: at('2026-09-14T08:00:00Z'),
    timeSpentReadingMs: 6 * 60_000,
    pagesCompleted: 3,
    quizSubmittedAt: at('2026-09-14T08:10:00Z'),
    worksheetCompleted: true,
    completedAt: at('2026-09-15T07:00:00Z'),
  });
  await t.factories.worksheet(student, skill.id, {
    createdAt: at('2026-09-15T08:00:00Z'),
    timeSpentReadingMs: 90_000,
    pagesCompleted: 2,
    quizSubmittedAt: at('2026-09-15T08:05:00Z'),
    worksheetCompleted: true,
    completedAt: at('2026-09-15T08:05:00Z'),
  });
  await t.factories.worksheet(student, book.id, { createdAt: at('2026-06-01T08:00:00Z'), pagesCompleted: 1 });
  // The classmate read two years apart: more than 366 days of activity (I6).
  for (const createdAt of ['2024-06-03T08:00:00Z', '2026-06-10T08:00:00Z'])
    await t.factories.worksheet(cast.classmate, book.id, { createdAt: at(createdAt), pagesCompleted: 1 });
  const recording = {
    worksheetId: read.id,
    studentId: student.id,
    schoolId: student.schoolId!,
    districtId: student.districtId,
    mimeType: 'audio/webm',
    sizeBytes: 10,
    durationMs: 1000,
  };
  await t.db.insert(recordings).values([
    { ...recording, createdAt: at('2026-09-14T09:00:00Z') },
    { ...recording, isPractice: true, createdAt: at('2026-09-14T09:30:00Z') },
  ]);
});
afterAll(() => t.close());

const own = (token: string | undefined, query = '') =>
  t.request({ method: 'GET', url: `/api/v1/worksheets/activity-profile${query}`, token });
const ofStudent = (token: string | undefined, id: number, query = '') =>
  t.request({ method: 'GET', url: `/api/v1/worksheets/activity-profile/${id}${query}`, token });

describe('GET /v1/worksheets/activity-profile', () => {
  it('401, 403 for staff, 400 naming a bad range', async () => {
    expectError(await own(undefined), 401);
    expectError(await own(cast.token.teacher), 403);
    expectError(await own(cast.token.student, '?end=15-09-2026'), 400, 'query.end');
  });

  it('answers "all time" from the first day of activity to today; over 366 days of activity, a 400 in words (I6)', async () => {
    const all = await own(cast.token.student, '?start=1900-01-01&end=9999-12-31');
    expect(all.statusCode, all.body).toBe(200);
    const { days, totals } = all.json<Profile>();
    expect(days[0]!.date).toBe('2026-06-01');
    expect(days.at(-1)!.date).toBe('2026-09-15');
    expect(days).toHaveLength(107);
    expect(totals.pages_read).toBe(6);
    // Years without any activity list no day.
    const before = await own(cast.token.student, '?start=2020-01-01&end=2025-12-31');
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json<Profile>().days).toEqual([]);
    const error = expectError(await own(cast.token.classmate, '?start=2000-01-01'), 400, 'query.start');
    expect(error.fields?.['query.start']).toBe(
      'must be at most 366 days before the end: pick a shorter time',
    );
    const year = await own(cast.token.classmate, '?start=2025-09-16&end=2026-09-15');
    expect(year.statusCode, year.body).toBe(200);
    expect(year.json<Profile>().totals.pages_read).toBe(1);
  });

  it('the last 30 days by default, every day listed, counted on the day each thing happened', async () => {
    const response = await own(cast.token.student);
    expect(response.statusCode, response.body).toBe(200);
    const profile = response.json<Profile>();
    expect(profile.days).toHaveLength(30);
    expect(profile.days[0]!.date).toBe('2026-08-17');
    expect(profile.days.at(-2)).toEqual({
      date: '2026-09-14',
      minutes_reading: 6,
      pages_read: 3,
      books_completed: 0,
      quizzes_submitted: 1,
      recordings_submitted: 1,
    });
    expect(profile.days.at(-1)).toEqual({
      date: '2026-09-15',
      minutes_reading: 1.5,
      pages_read: 2,
      books_completed: 1,
      quizzes_submitted: 1,
      recordings_submitted: 0,
    });
    expect(profile.totals).toEqual({
      minutes_reading: 7.5,
      pages_read: 5,
      books_completed: 1,
      quizzes_submitted: 2,
      recordings_submitted: 1,
    });
  });

  it('a classmate sees only their own (empty) activity', async () => {
    const profile = (await own(cast.token.classmate, '?start=2026-09-14&end=2026-09-15')).json<Profile>();
    expect(profile.totals).toEqual({
      minutes_reading: 0,
      pages_read: 0,
      books_completed: 0,
      quizzes_submitted: 0,
      recordings_submitted: 0,
    });
  });
});

describe('GET /v1/worksheets/activity-profile/{id}', () => {
  it('403 for students; 404 for a student out of scope; staff in scope see the profile', async () => {
    const id = cast.world.student.id;
    expectError(await ofStudent(cast.token.student, id), 403);
    expectError(await ofStudent(cast.token.outsider, id), 404);
    expectError(
      await ofStudent(cast.token.teacher, id, '?start=2026-09-15&end=2026-09-01'),
      400,
      'query.end',
    );
    for (const token of [cast.token.teacher, cast.token.owner, cast.token.head]) {
      const response = await ofStudent(token, id, '?start=2026-06-01&end=2026-06-01');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Profile>().days).toEqual([
        expect.objectContaining({ date: '2026-06-01', pages_read: 1 }),
      ]);
    }
  });
});
