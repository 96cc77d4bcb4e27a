import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlertType } from '@readalong/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { createTestApp, signIn, type TestApp } from '../../../test/app.js';
import { alerts, classes, classTeachers, users } from '../../db/schema/index.js';
import { addDays } from '../../platform/clock.js';
import { raiseInactivityAlerts } from './inactivity.js';

let t: TestApp;
let school: Awaited<ReturnType<TestApp['factories']['school']>>;

const daysAgo = (days: number) => addDays(t.clock.now(), -days);
const MONTH_AGO = 30;

/** A student of `classId` whose account is a month old, last signed in `lastSignIn` days ago (never: null). */
async function student(classId: number, lastSignIn: number | null, extra: { isDisabled?: boolean } = {}) {
  return t.factories.student({ districtId: school.district.id, schoolId: school.school.id }, classId, {
    createdAt: daysAgo(MONTH_AGO),
    lastActiveAt: lastSignIn === null ? null : daysAgo(lastSignIn),
    ...extra,
  });
}

async function inactivityAlertsOf(studentIds: number[]) {
  return t.db
    .select({ studentId: alerts.studentId, details: alerts.details })
    .from(alerts)
    .where(and(eq(alerts.typeId, AlertType.Inactivity), inArray(alerts.studentId, studentIds)));
}

const signInNow = (studentId: number) =>
  t.db.update(users).set({ lastActiveAt: t.clock.now() }).where(eq(users.id, studentId));

let inTerm: Record<'active' | 'sixDays' | 'idle' | 'never' | 'quizzer' | 'disabled', { id: number }>;
let holidays: { id: number }[];

beforeAll(async () => {
  t = await createTestApp(); // the clock reads 2026-09-15
  school = await t.factories.school();
  await t.db
    .update(users)
    .set({ createdAt: daysAgo(MONTH_AGO) })
    .where(eq(users.id, school.student.id));
  const klass = school.class.id;
  const quizzer = await student(klass, 20);
  const passage = await t.factories.passage();
  await t.factories.worksheet(quizzer, passage.id, { quizSubmittedAt: daysAgo(2) });
  inTerm = {
    active: await student(klass, 1),
    sixDays: await student(klass, 6),
    idle: await student(klass, 8),
    never: await student(klass, null),
    quizzer,
    disabled: await student(klass, 9, { isDisabled: true }),
  };
  // A class whose students all stopped together: the holidays, not seven idle children.
  const [quiet] = await t.db
    .insert(classes)
    .values({ districtId: school.district.id, schoolId: school.school.id, name: 'Quiet class' })
    .returning();
  await t.db.insert(classTeachers).values({ classId: quiet!.id, teacherId: school.teacher.id });
  holidays = [await student(quiet!.id, 10), await student(quiet!.id, 12), await student(quiet!.id, 9)];
});
afterAll(() => t.close());

describe('Inactivity alerts (P14)', () => {
  it('are raised for students idle 7 days in a class in term, and for those never active a week after joining', async () => {
    const raised = await raiseInactivityAlerts(t.deps);
    expect(raised.sort()).toEqual([inTerm.idle.id, inTerm.never.id, school.student.id].sort());
    const [idle] = await inactivityAlertsOf([inTerm.idle.id]);
    expect(idle!.details.last_active_at).toBeTruthy();
  });

  it('are not raised before 7 days, after a recent quiz, for a disabled account, or in a class out of term', async () => {
    const quietOrRecent = [inTerm.active, inTerm.sixDays, inTerm.quizzer, inTerm.disabled, ...holidays].map(
      (s) => s.id,
    );
    expect(await inactivityAlertsOf(quietOrRecent)).toEqual([]);
  });

  it('are raised once per idle spell, however often the check runs or how many servers run it at once', async () => {
    t.clock.advanceMinutes(60);
    const [again, first, second] = await Promise.all([
      raiseInactivityAlerts(t.deps),
      raiseInactivityAlerts(t.deps),
      raiseInactivityAlerts(t.deps),
    ]);
    expect([...again, ...first, ...second]).toEqual([]);
    expect(await inactivityAlertsOf([inTerm.idle.id])).toHaveLength(1);
  });

  it('a student who comes back and goes idle again is raised again; the sixth day becomes the seventh', async () => {
    await signInNow(inTerm.idle.id);
    t.clock.advanceMinutes(8 * 24 * 60);
    // The class stays in term: two of its students were here this week.
    await signInNow(inTerm.active.id);
    await signInNow(inTerm.quizzer.id);
    const raised = await raiseInactivityAlerts(t.deps);
    expect(raised).toContain(inTerm.idle.id);
    expect(raised).toContain(inTerm.sixDays.id);
    expect(raised).not.toContain(inTerm.never.id);
    expect(await inactivityAlertsOf([inTerm.idle.id])).toHaveLength(2);
  });

  it('reach the teacher in words, and never the student', async () => {
    const teacher = await signIn(t, school.teacher.username);
    const response = await t.request({
      method: 'GET',
      url: `/api/v1/students/alerts?student_id=${inTerm.never.id}&types=${AlertType.Inactivity}`,
      token: teacher.access_token,
    });
    expect(response.json<{ alerts: { message: string }[] }>().alerts.map((a) => a.message)).toEqual([
      `Test has not read, recorded or signed in since the account was made on 16 August 2026.`,
    ]);
    const own = await signIn(t, school.student.username);
    const mine = await t.request({
      method: 'GET',
      url: '/api/v1/students/alerts',
      token: own.access_token,
    });
    expect(mine.json<{ alerts: unknown[] }>().alerts).toEqual([]);
  });
});
