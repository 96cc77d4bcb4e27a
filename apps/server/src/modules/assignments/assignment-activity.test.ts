/** P17: each assignment of a class with every student it reaches and their progress, in the teacher's scope. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BuilderType } from '@readalong/contracts';
import { createTestApp, signIn, signedInCast, type TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';
import { recordings, worksheets } from '../../db/schema/index.js';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
let book: Awaited<ReturnType<TestApp['factories']['passage']>>;

interface Progress {
  student_id: number;
  worksheet_id: number | null;
  pages_read: number;
  num_pages: number;
  read: boolean;
  quiz_submitted: boolean;
  score_percent: number | null;
  passed: boolean | null;
  recording: string;
  completed: boolean;
}
interface Activity {
  assignment_id: number;
  title: string;
  student_ids: number[] | null;
  students_assigned: number;
  students_started: number;
  students_read: number;
  students_completed: number;
  quizzes_submitted: number;
  recordings_submitted: number;
  average_score_percent: number | null;
  students: Progress[];
}

beforeAll(async () => {
  t = await createTestApp();
  cast = await signedInCast(t);
  book = await t.factories.passage({ title: 'The Kite' });
});
afterAll(() => t.close());

const activity = (token: string | undefined, classId: number | string = cast.world.class.id) =>
  t.request({ method: 'GET', url: `/api/v1/worksheets/assignments/activity?class_id=${classId}`, token });
const activityOf = async (token: string) => {
  const response = await activity(token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ assignments: Activity[] }>().assignments;
};
const assign = async (payload: object) => {
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/worksheets/assignments',
    token: cast.token.teacher,
    payload: { passage_id: book.id, class_id: cast.world.class.id, ...payload },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
};

const create = async (payload: object) => {
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/worksheets/assignments',
    token: cast.token.teacher,
    payload: { class_id: cast.world.class.id, ...payload },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ read_aloud: boolean }>();
};

describe('GET /v1/worksheets/assignments/activity', () => {
  it('401, 400 naming the class, 403 for students, 404 for a class out of scope', async () => {
    expectError(await activity(undefined), 401);
    expectError(await activity(cast.token.teacher, 'seven'), 400, 'query.class_id');
    expectError(await activity(cast.token.student), 403);
    expectError(await activity(cast.token.outsider), 404);
    const place = { districtId: cast.world.district.id, schoolId: cast.world.school.id };
    const colleague = await t.factories.user('teacher', place);
    expectError(await activity((await signIn(t, colleague.username)).access_token), 404);
  });

  it('a class without assignments has none', async () => {
    expect(await activityOf(cast.token.teacher)).toEqual([]);
  });

  it('counts each student reached: not started, then read, quiz scored and recording handed in', async () => {
    // Work on the book from before the assignment is not its work (P5).
    await t.factories.worksheet(cast.world.student, book.id, {
      pagesCompleted: 3,
      worksheetCompleted: true,
      createdAt: new Date('2020-01-01T00:00:00Z'),
    });
    const id = await assign({ due_at: '2030-01-31', note: 'Read it aloud.' });
    const [fresh] = await activityOf(cast.token.teacher);
    expect(fresh).toMatchObject({
      assignment_id: id,
      title: 'The Kite',
      student_ids: null,
      students_assigned: 2,
      students_started: 0,
      students_completed: 0,
      average_score_percent: null,
    });
    expect(fresh!.students.map((p) => [p.student_id, p.worksheet_id, p.recording])).toEqual(
      expect.arrayContaining([
        [cast.world.student.id, null, 'none'],
        [cast.classmate.id, null, 'none'],
      ]),
    );

    const started = await t.request({
      method: 'POST',
      url: `/api/v1/worksheets/passage/${book.id}`,
      token: cast.token.student,
      payload: {},
    });
    const { worksheet_id } = started.json<{ worksheet_id: number }>();
    await t.db
      .update(worksheets)
      .set({ pagesCompleted: 3, quizSubmittedAt: new Date(), scorePercent: 70, isPassed: false })
      .where(eq(worksheets.id, worksheet_id));
    await t.db.insert(recordings).values([
      { ...recordingOf(worksheet_id), isPractice: true },
      { ...recordingOf(worksheet_id), isPractice: false },
    ]);

    const [after] = await activityOf(cast.token.teacher);
    expect(after).toMatchObject({
      students_assigned: 2,
      students_started: 1,
      students_read: 1,
      quizzes_submitted: 1,
      recordings_submitted: 1,
      students_completed: 0,
      average_score_percent: 70,
    });
    expect(after!.students.find((p) => p.student_id === cast.world.student.id)).toEqual(
      expect.objectContaining({
        worksheet_id,
        pages_read: 3,
        num_pages: 3,
        read: true,
        quiz_submitted: true,
        score_percent: 70,
        passed: false,
        recording: 'submitted',
        completed: false,
      }),
    );
    await t.db
      .update(recordings)
      .set({ gradingCompleted: true })
      .where(eq(recordings.worksheetId, worksheet_id));
    const [graded] = await activityOf(cast.token.teacher);
    expect(graded!.students.find((p) => p.student_id === cast.world.student.id)?.recording).toBe('graded');
    expect((await activityOf(cast.token.owner)).map((a) => a.assignment_id)).toEqual([id]);
  });

  it('an assignment naming one student counts that student only; a withdrawn one is gone', async () => {
    const named = await assign({ student_ids: [cast.classmate.id] });
    const listed = await activityOf(cast.token.teacher);
    expect(listed[0]).toMatchObject({ assignment_id: named, student_ids: [cast.classmate.id] });
    expect(listed[0]!.students.map((p) => p.student_id)).toEqual([cast.classmate.id]);
    await t.request({
      method: 'POST',
      url: `/api/v1/worksheets/${named}/assignments/delete`,
      token: cast.token.teacher,
    });
    expect((await activityOf(cast.token.teacher)).map((a) => a.assignment_id)).not.toContain(named);
  });
});

describe('a skill builder assigned', () => {
  it('asks for no recording unless told to: skill builders are not read aloud (P4)', async () => {
    const skill = await t.factories.passage({ builderTypeId: BuilderType.SkillBuilder });
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/worksheets/assignments',
      token: cast.token.teacher,
      payload: { passage_id: skill.id, class_id: cast.world.class.id },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ builder_type_id: BuilderType.SkillBuilder, read_aloud: false });
    expect((await create({ passage_id: book.id })).read_aloud).toBe(true);
  });
});

function recordingOf(worksheetId: number) {
  const { student } = cast.world;
  return {
    worksheetId,
    studentId: student.id,
    schoolId: student.schoolId!,
    districtId: student.districtId,
    mimeType: 'audio/webm',
    sizeBytes: 1000,
    durationMs: 5000,
  };
}
