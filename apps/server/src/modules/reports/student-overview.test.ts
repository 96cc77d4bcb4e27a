import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BuilderType } from '@readalong/contracts';
import { createTestApp, signedInCast, type TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';
import { classes, enrolments, goals, levelChanges, passages, recordings } from '../../db/schema/index.js';
import { weekStartOf } from './student-overview.js';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
let otherClass: { id: number; name: string };
let otherClassStudent: { id: number };
const at = (iso: string) => new Date(iso);

interface Row {
  student_id: number;
  name: string;
  classes: { id: number; name: string }[];
  books_completed: number;
  books_this_week: number;
  minutes_reading: number;
  average_score_percent: number | null;
  failed_quizzes: number;
  recordings_to_review: number;
  latest_wpm: number | null;
  latest_wcpm: number | null;
  lexile: number | null;
  last_quiz: {
    title: string;
    score_percent: number | null;
    passed: boolean | null;
    submitted_at: string;
  } | null;
  goals: { kind: string; target: number; current: number | null }[];
  last_active_at: string | null;
}

/** A power builder of the given Lexile that the student took at `when`. */
async function quiz(title: string, lexile: number, when: string, extra: Record<string, unknown>) {
  const passage = await t.factories.passage({ title, questions: [] });
  await t.db.update(passages).set({ lexile }).where(eq(passages.id, passage.id));
  return t.factories.worksheet(cast.world.student, passage.id, {
    quizSubmittedAt: at(when),
    createdAt: at(when),
    ...extra,
  });
}

function recording(worksheetId: number, when: string, extra: Partial<typeof recordings.$inferInsert>) {
  const student = cast.world.student;
  return {
    worksheetId,
    studentId: student.id,
    schoolId: student.schoolId!,
    districtId: student.districtId,
    mimeType: 'audio/webm',
    sizeBytes: 1000,
    durationMs: 30_000,
    createdAt: at(when),
    ...extra,
  };
}

/**
 * The student's month (the test clock reads Tuesday 2026-09-15): a book passed on Monday (this week), a quiz failed
 * the week before, a book passed in July (out of the default 30 days), a rate builder (not a book); two read-aloud
 * recordings (one graded) and a practice one; a placement; their own WCPM goal beside the class's Lexile goal.
 * Another class of the school, not the teacher's, has a student and also holds the student.
 */
beforeAll(async () => {
  t = await createTestApp();
  cast = await signedInCast(t);
  const { world } = cast;
  const student = world.student;
  const place = { districtId: world.district.id, schoolId: world.school.id };
  const [zebra] = await t.db
    .insert(classes)
    .values({ ...place, name: 'Zebra class' })
    .returning();
  otherClass = zebra!;
  otherClassStudent = await t.factories.student(place, otherClass.id, { lastName: 'Elsewhere' });
  await t.db
    .insert(enrolments)
    .values({ classId: otherClass.id, studentId: student.id, schoolId: place.schoolId });

  const passed = { isPassed: true, worksheetCompleted: true };
  const monday = await quiz('Monday Book', 300, '2026-09-14T08:00:00Z', {
    ...passed,
    scorePercent: 90,
    completedAt: at('2026-09-14T08:00:00Z'),
    timeSpentReadingMs: 600_000,
  });
  await quiz('Hard Book', 320, '2026-09-10T08:00:00Z', {
    scorePercent: 50,
    isPassed: false,
    timeSpentReadingMs: 300_000,
  });
  await quiz('July Book', 280, '2026-07-01T08:00:00Z', {
    ...passed,
    scorePercent: 100,
    completedAt: at('2026-07-01T08:00:00Z'),
  });
  const rate = await t.factories.passage({ builderTypeId: BuilderType.RateBuilder, questions: [] });
  await t.factories.worksheet(student, rate.id, {
    quizSubmittedAt: at('2026-09-15T07:00:00Z'),
    scorePercent: 10,
    isPassed: false,
    worksheetCompleted: true,
    completedAt: at('2026-09-15T07:00:00Z'),
    createdAt: at('2026-09-15T07:00:00Z'),
  });
  await t.db
    .insert(recordings)
    .values([
      recording(monday.id, '2026-09-01T10:00:00Z', { wpm: 60, wcpm: 55, gradingCompleted: true }),
      recording(monday.id, '2026-09-14T10:00:00Z', { wpm: 80, wcpm: 75 }),
      recording(monday.id, '2026-09-15T10:00:00Z', { wpm: 99, wcpm: 99, isPractice: true }),
    ]);
  await t.db.insert(levelChanges).values({
    studentId: student.id,
    schoolId: place.schoolId,
    toSeriesId: 6,
    toColourBandId: 4,
    rule: 'placement',
    createdAt: at('2026-08-01T09:00:00Z'),
  });
  await t.db.insert(goals).values([
    { schoolId: place.schoolId, studentId: student.id, targetWcpm: 70 },
    { schoolId: place.schoolId, classId: world.class.id, targetLexile: 400 },
  ]);
});
afterAll(() => t.close());

const get = (token: string | undefined, query = '') =>
  t.request({ method: 'GET', url: `/api/v1/teacher/student-reading-overview${query}`, token });

async function rows(token: string, query = '') {
  const response = await get(token, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ students: Row[] }>().students;
}

async function rowOf(token: string, studentId: number, query = '') {
  return (await rows(token, query)).find((row) => row.student_id === studentId);
}

describe('GET /v1/teacher/student-reading-overview', () => {
  it('401, 400 naming a bad date, 403 for a student, 404 for a school outside the head’s district', async () => {
    expectError(await get(undefined), 401);
    expectError(await get(cast.token.teacher, '?start=last-week'), 400, 'query.start');
    expectError(await get(cast.token.teacher, '?start=2026-09-10&end=2026-09-01'), 400, 'query.end');
    expectError(await get(cast.token.teacher, '?school_id=abc'), 400, 'query.school_id');
    expectError(await get(cast.token.student), 403);
    expectError(await get(cast.token.head, `?school_id=${cast.outsider.school.id}`), 404);
  });

  it('a teacher sees the students of their classes only, with only their classes; the owner the school', async () => {
    const { world, classmate } = cast;
    const mine = await rows(cast.token.teacher);
    expect(mine.map((row) => row.student_id).sort()).toEqual([world.student.id, classmate.id].sort());
    expect(mine.find((row) => row.student_id === world.student.id)!.classes).toEqual([
      { id: world.class.id, name: world.class.name },
    ]);
    const school = await rows(cast.token.owner);
    expect(school.map((row) => row.student_id)).toContain(otherClassStudent.id);
    expect(school.find((row) => row.student_id === world.student.id)!.classes.map((c) => c.id)).toEqual([
      world.class.id,
      otherClass.id,
    ]);
    expect((await rows(cast.token.outsider)).map((row) => row.student_id)).not.toContain(world.student.id);
  });

  it('a department head sees the district, or the one school asked for; another role’s school_id is ignored', async () => {
    const ids = async (token: string, query = '') => (await rows(token, query)).map((row) => row.student_id);
    expect(await ids(cast.token.head)).toHaveLength(3);
    expect(await ids(cast.token.head, `?school_id=${cast.world.school.id}`)).toHaveLength(3);
    expect(await ids(cast.token.teacher, `?school_id=${cast.outsider.school.id}`)).toContain(
      cast.world.student.id,
    );
    expect(await ids(cast.token.outsider, `?school_id=${cast.world.school.id}`)).not.toContain(
      cast.world.student.id,
    );
  });

  it('each column over the last 30 days by default: books, minutes, quizzes, speed, Lexile, review, goals', async () => {
    expect(await rowOf(cast.token.teacher, cast.world.student.id)).toMatchObject({
      books_completed: 1,
      books_this_week: 1,
      minutes_reading: 15,
      average_score_percent: 70,
      failed_quizzes: 1,
      recordings_to_review: 1,
      latest_wpm: 80,
      latest_wcpm: 75,
      lexile: 300,
      last_quiz: {
        title: 'Monday Book',
        score_percent: 90,
        passed: true,
        submitted_at: '2026-09-14T08:00:00.000Z',
      },
      goals: [{ kind: 'wcpm', target: 70, current: 75 }],
      // Signed in (the test's clock, 09:00) after the quiz, then recorded for practice at 10:00: any reading
      // activity is, so the practice recording is the last (FG3).
      last_active_at: '2026-09-15T10:00:00.000Z',
    });
  });

  it('a wider range counts the July book; the student with nothing shows zeros and the class goal', async () => {
    expect(await rowOf(cast.token.teacher, cast.world.student.id, '?start=2026-06-01')).toMatchObject({
      books_completed: 2,
      books_this_week: 1,
      average_score_percent: 80,
    });
    expect(await rowOf(cast.token.teacher, cast.classmate.id)).toMatchObject({
      books_completed: 0,
      books_this_week: 0,
      minutes_reading: 0,
      average_score_percent: null,
      failed_quizzes: 0,
      recordings_to_review: 0,
      latest_wpm: null,
      lexile: null,
      last_quiz: null,
      goals: [{ kind: 'lexile', target: 400, current: null }],
    });
  });

  it('the week starts on Monday (UTC)', () => {
    expect(weekStartOf(at('2026-09-15T09:00:00Z'))).toEqual(at('2026-09-14T00:00:00Z'));
    expect(weekStartOf(at('2026-09-20T23:59:00Z'))).toEqual(at('2026-09-14T00:00:00Z'));
    expect(weekStartOf(at('2026-09-14T00:00:00Z'))).toEqual(at('2026-09-14T00:00:00Z'));
  });
});
