import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AlertType } from '@readalong/contracts';
import { alerts, classTeachers, classes, recordings } from '../../db/schema/index.js';
import { createTestApp, signIn, signedInCast, type TestApp } from '../../../test/app.js';
import { answersTo, multipleChoice } from '../../../test/factories.js';
import { expectError } from '../../../test/ladder.js';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
/** 15 words: a recording of it trimmed to 6 s reads at 150 WPM and, without mistakes, 150 WCPM. */
let passage: Awaited<ReturnType<TestApp['factories']['passage']>>;

beforeAll(async () => {
  t = await createTestApp();
  cast = await signedInCast(t);
  passage = await t.factories.passage();
});
afterAll(() => t.close());

interface GoalSettings {
  class_goal: Record<string, unknown> | null;
  goal_settings: { student_id: number; name: string; goal: Record<string, unknown> | null }[];
}

const OVERVIEW = '/api/v1/students/reading-overview';
const place = () => ({ districtId: cast.world.district.id, schoolId: cast.world.school.id });

/** A new class of the cast's school taught by the cast's teacher, with one student: goals of its own. */
async function taughtClass() {
  const [klass] = await t.db
    .insert(classes)
    .values({ ...place(), name: `Goals ${Math.random()}` })
    .returning();
  await t.db.insert(classTeachers).values({ classId: klass!.id, teacherId: cast.world.teacher.id });
  const student = await t.factories.student(place(), klass!.id);
  return { klass: klass!, student };
}

const settings = (classId: number, token = cast.token.teacher) =>
  t.request({ method: 'GET', url: `/api/v1/students/goal-settings?class_id=${classId}`, token });
const update = (classId: number | string, payload: object, token = cast.token.teacher) =>
  t.request({ method: 'PATCH', url: `/api/v1/students/goal-settings?class_id=${classId}`, token, payload });
const setGoal = (studentId: number | string, payload: object, token = cast.token.teacher) =>
  t.request({ method: 'POST', url: `/api/v1/students/${studentId}/goal`, token, payload });

/** A read-aloud of the passage, 6 s long, confirmed by the teacher's trim: 150 WPM and 150 WCPM. */
async function confirmedReading(student: { id: number; schoolId: number | null; districtId: number }) {
  const worksheet = await t.factories.worksheet(student, passage.id);
  const [recording] = await t.db
    .insert(recordings)
    .values({
      worksheetId: worksheet.id,
      studentId: student.id,
      ...place(),
      mimeType: 'audio/wav',
      sizeBytes: 1000,
      durationMs: 6000,
    })
    .returning();
  const response = await t.request({
    method: 'PATCH',
    url: `/api/v1/worksheets/recording/${recording!.id}`,
    token: cast.token.teacher,
    payload: { start_time: 0, end_time: 6, submit: true },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const goalAlerts = async (studentId: number, typeId: number) =>
  t.db
    .select()
    .from(alerts)
    .where(and(eq(alerts.studentId, studentId), eq(alerts.typeId, typeId)));

describe('goal settings', () => {
  it('a teacher sets the class default and one student’s own goal; clearing it falls back to the class’s', async () => {
    const { klass, student } = await taughtClass();
    const other = await t.factories.student(place(), klass.id);
    const updated = await update(klass.id, {
      settings: {
        class_goal: { target_wcpm: 90, target_date: '2027-06-30' },
        students: [{ student_id: student.id, goal: { target_lexile: 600, target_wpm: 120 } }],
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const read = (await settings(klass.id)).json<GoalSettings>();
    expect(read).toEqual(updated.json());
    expect(read.class_goal).toMatchObject({
      target_wcpm: 90,
      target_date: '2027-06-30',
      target_lexile: null,
    });
    const goalOf = (id: number) => read.goal_settings.find((row) => row.student_id === id)?.goal;
    expect(goalOf(student.id)).toMatchObject({ target_lexile: 600, target_wpm: 120, target_wcpm: null });
    expect(goalOf(other.id)).toBeNull();

    // The student's reading overview shows the goal that applies: their own, then the class's once it is cleared.
    const overviewGoals = async (who: { username: string }) => {
      const { access_token } = await signIn(t, who.username);
      const response = await t.request({ method: 'GET', url: OVERVIEW, token: access_token });
      return response.json<{ goals: { kind: string; target: number }[] }>().goals;
    };
    expect((await overviewGoals(other)).map((g) => [g.kind, g.target])).toEqual([['wcpm', 90]]);
    expect((await overviewGoals(student)).map((g) => g.kind)).toEqual(['lexile', 'wpm']);

    const cleared = await setGoal(student.id, { goal: null });
    expect(cleared.json()).toEqual({ student_id: student.id, goal: null });
    expect((await overviewGoals(student)).map((g) => [g.kind, g.target])).toEqual([['wcpm', 90]]);
  });

  it('bad input is 400 naming the field', async () => {
    const { klass, student } = await taughtClass();
    expectError(await setGoal(student.id, { goal: { target_wcpm: 0 } }), 400, 'body.goal.target_wcpm');
    expectError(await setGoal(student.id, { goal: { target_lexile: 2001 } }), 400, 'body.goal.target_lexile');
    expectError(await setGoal(student.id, { goal: { target_date: '2027-01-01' } }), 400, 'body.goal');
    expectError(
      await setGoal(student.id, { goal: { target_wpm: 80, target_date: 'soon' } }),
      400,
      'body.goal.target_date',
    );
    expectError(await setGoal('abc', { goal: null }), 400, 'params.id');
    expectError(await update('x', { settings: { class_goal: null } }), 400, 'query.class_id');
    expectError(await update(klass.id, { settings: {} }), 400, 'body.settings');
    // A student of the school but not of this class, or named twice: 400 on the row, and nothing is saved.
    const elsewhere = await taughtClass();
    const refused = await update(klass.id, {
      settings: {
        class_goal: { target_wpm: 50 },
        students: [
          { student_id: student.id, goal: { target_wpm: 70 } },
          { student_id: elsewhere.student.id, goal: { target_wpm: 70 } },
          { student_id: student.id, goal: null },
        ],
      },
    });
    expectError(refused, 400, 'body.settings.students.1.student_id');
    expectError(refused, 400, 'body.settings.students.2.student_id');
    expect((await settings(klass.id)).json<GoalSettings>().class_goal).toBeNull();
  });

  it('401, 403 for students, 404 for a class or student out of scope; an owner reaches the school', async () => {
    const { klass, student } = await taughtClass();
    expectError(await settings(klass.id, ''), 401);
    expectError(await settings(klass.id, cast.token.student), 403);
    expectError(await setGoal(cast.world.student.id, { goal: { target_wpm: 60 } }, cast.token.student), 403);
    // Another school's teacher: neither the class nor its student exists for them.
    expectError(await settings(klass.id, cast.token.outsider), 404);
    expectError(await update(klass.id, { settings: { class_goal: null } }, cast.token.outsider), 404);
    expectError(await setGoal(student.id, { goal: { target_wpm: 60 } }, cast.token.outsider), 404);
    // A class of the same school the teacher does not teach, and its student.
    const [untaught] = await t.db
      .insert(classes)
      .values({ ...place(), name: `Untaught ${Math.random()}` })
      .returning();
    const stranger = await t.factories.student(place(), untaught!.id);
    expectError(await settings(untaught!.id), 404);
    expectError(await setGoal(stranger.id, { goal: { target_wpm: 60 } }), 404);
    // Naming a student out of scope in the teacher's own class's settings is 404 too.
    expectError(
      await update(klass.id, { settings: { students: [{ student_id: stranger.id, goal: null }] } }),
      404,
    );
    const byOwner = await setGoal(stranger.id, { goal: { target_wpm: 60 } }, cast.token.owner);
    expect(byOwner.statusCode, byOwner.body).toBe(200);
  });
});

describe('AchieveGoal alerts (RA9, G3)', () => {
  it('a recording reaching the WCPM goal raises one AchieveGoalWCPM, not again on the next', async () => {
    const { student } = await taughtClass();
    expect((await setGoal(student.id, { goal: { target_wcpm: 140 } })).statusCode).toBe(200);
    expect(await goalAlerts(student.id, AlertType.AchieveGoalWCPM)).toEqual([]);
    await confirmedReading(student);
    const raised = await goalAlerts(student.id, AlertType.AchieveGoalWCPM);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      isStudentFacing: true,
      details: expect.objectContaining({ wcpm: 150 }),
    });
    await confirmedReading(student);
    expect(await goalAlerts(student.id, AlertType.AchieveGoalWCPM)).toHaveLength(1);
    // A new target is a new goal: reaching it raises again.
    await setGoal(student.id, { goal: { target_wcpm: 145 } });
    await confirmedReading(student);
    expect(await goalAlerts(student.id, AlertType.AchieveGoalWCPM)).toHaveLength(2);
  });

  it('a passed book that moves the estimated Lexile to the goal raises one AchieveGoalLexile', async () => {
    const { student } = await taughtClass();
    const token = (await signIn(t, student.username)).access_token;
    // The book's measure is 260L: passing it puts the estimate there (P9).
    const book = await t.factories.passage({ questions: multipleChoice(3) });
    await setGoal(student.id, { goal: { target_lexile: 250 } });
    const submit = async () => {
      const worksheet = await t.factories.worksheet(student, book.id);
      const response = await t.request({
        method: 'PATCH',
        url: `/api/v1/worksheets/${worksheet.id}/diagnostics/submit`,
        token,
        payload: { total_score: 0, gradings: answersTo(book.questions), completed: true },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await submit();
    const raised = await goalAlerts(student.id, AlertType.AchieveGoalLexile);
    expect(raised).toHaveLength(1);
    expect(raised[0]!.details).toMatchObject({ lexile: 260, target: 250 });
    await submit();
    expect(await goalAlerts(student.id, AlertType.AchieveGoalLexile)).toHaveLength(1);
  });

  it('a teacher’s placement into the goal’s band raises AchieveGoalLexile once, with the level change', async () => {
    const { klass, student } = await taughtClass();
    await update(klass.id, { settings: { class_goal: { target_lexile: 390 } } });
    const placeIn = async (band: number) => {
      t.clock.advanceMinutes(1);
      const response = await t.request({
        method: 'PATCH',
        url: `/api/v1/students/${student.id}/placement`,
        token: cast.token.teacher,
        payload: { series_id: 6, colour_band_id: band },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    // BR gold starts at 340L, below the goal; BR brown at 390L, on it (P9: a level change sets the estimate).
    await placeIn(6);
    expect(await goalAlerts(student.id, AlertType.AchieveGoalLexile)).toEqual([]);
    await placeIn(7);
    const [raised, ...more] = await goalAlerts(student.id, AlertType.AchieveGoalLexile);
    expect(more).toEqual([]);
    expect(raised!.details).toMatchObject({ lexile: 390, target: 390 });
    const [placement] = await goalAlerts(student.id, AlertType.ManualPlacement).then((rows) =>
      rows.slice(-1),
    );
    expect(raised!.createdAt).toEqual(placement!.createdAt);
    await placeIn(6);
    await placeIn(7);
    expect(await goalAlerts(student.id, AlertType.AchieveGoalLexile)).toHaveLength(1);
  });

  it('the class default applies to a student without their own goal; setting a reached goal raises nothing yet', async () => {
    const { klass, student } = await taughtClass();
    await confirmedReading(student);
    await update(klass.id, { settings: { class_goal: { target_wpm: 100 } } });
    expect(await goalAlerts(student.id, AlertType.AchieveGoalWPM)).toEqual([]);
    await confirmedReading(student);
    expect(await goalAlerts(student.id, AlertType.AchieveGoalWPM)).toHaveLength(1);
  });
});
