/**
 * One figure, one value (docs/rules.md FG1–FG7): the seeded demo district read through every call that answers
 * each figure, for the same student, class, school and district, finds the same value; and the owner's and
 * department head's first screens (/insights, /district) show what the demo's history holds: seats used month by
 * month, level-ups of the last 28 days, written answers that differ.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import { createTestApp, signIn, type TestApp } from './app.js';
import { BuilderType } from '@readalong/contracts';
import { levelChanges, licencePacks, passages, students, users } from '../src/db/schema/index.js';
import { importLibrary } from '../src/seed/library-import.js';
import { seedDemo } from '../src/seed/demo-district.js';
import { DEMO_PASSWORD } from '../src/seed/demo-district-data.js';

interface Summary {
  student_id: number;
  name: string;
  class_id: number | null;
  last_active_at: string | null;
}
interface ReadingRow extends Summary {
  books_completed: number;
  average_score_percent: number | null;
  latest_wpm: number | null;
  latest_wcpm: number | null;
  lexile: number | null;
}
interface OverviewRow extends ReadingRow {
  recordings_to_review: number;
  goals: { kind: string; current: number | null }[];
}
interface Report {
  student: Summary;
  current_lexile: number | null;
  lexile_timeline: { lexile: number }[];
  latest_wpm: number | null;
  latest_wcpm: number | null;
  goals: { kind: string; current: number | null }[];
}
interface Insights {
  books_completed: number;
  active_students: number;
  average_score_percent: number | null;
  average_wpm: number | null;
  recordings_waiting: number;
}
interface SchoolFigures {
  school_id: number;
  name: string;
  books_completed: number;
  level_ups: number;
  recordings_waiting: number;
  seats_used: number;
}

let t: TestApp;
const token: Record<'teacher' | 'owner' | 'head', string> = { teacher: '', owner: '', head: '' };
/** demo.student (Leo), his home class, his school. */
let leo: Summary;
let classId: number;
let schoolId: number;

const DAY_MS = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
/** The last 28 days up to the test clock's today: the insights' default period. */
let period: { start: string; end: string };
/** Every report's whole history. */
const ALL_TIME = 'start=2000-01-01';

async function get<T>(url: string, who: keyof typeof token): Promise<T> {
  const response = await t.request({ method: 'GET', url: `/api${url}`, token: token[who] });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json<T>();
}

/** Every page of a paged list. */
async function allPages<T>(url: string, who: keyof typeof token, key: string): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 0; ; page++) {
    const answer = await get<Record<string, unknown>>(`${url}&page=${page}&limit=100`, who);
    const found = answer[key] as T[];
    rows.push(...found);
    if (found.length < 100) return rows;
  }
}

/** A CSV line's cells: quoted ones may hold commas and doubled quotes. */
const cellsOf = (line: string) =>
  [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)]
    .slice(0, -1)
    .map(([, cell]) => (cell!.startsWith('"') ? cell!.slice(1, -1).replace(/""/g, '"') : cell!));

const byId = <T extends { student_id: number }>(rows: readonly T[]) =>
  new Map(rows.map((row) => [row.student_id, row]));

beforeAll(async () => {
  t = await createTestApp();
  await importLibrary(t.db, { root: t.deps.config.libraryDir });
  await seedDemo(t.db, t.clock.now(), { platform: t.deps, log: () => {} });
  for (const [who, username] of [
    ['teacher', 'demo.teacher'],
    ['owner', 'demo.owner'],
    ['head', 'demo.head'],
  ] as const) {
    token[who] = (await signIn(t, username, DEMO_PASSWORD)).access_token;
  }
  const found = await get<{ students: Summary[] }>('/v1/students?search=demo.student', 'owner');
  leo = found.students[0]!;
  classId = leo.class_id!;
  const [row] = await t.db
    .select({ schoolId: students.schoolId })
    .from(students)
    .where(eq(students.userId, leo.student_id));
  schoolId = row!.schoolId;
  const today = t.clock.now();
  period = { start: dayOf(new Date(today.getTime() - 27 * DAY_MS)), end: dayOf(today) };
});
afterAll(() => t?.close());

describe('a student’s figures are the same on every call (FG1–FG3)', () => {
  it('Lexile, latest WPM and WCPM, last active: the reading overview, P13 (teacher, owner, head), IN7, IN8, the students list and the class export agree, for every student of demo.student’s class', async () => {
    const range = `start=${period.start}&end=${period.end}`;
    const [teacherRows, ownerRows, headRows, in7, in8, listed, classStudents] = await Promise.all([
      get<{ students: OverviewRow[] }>(`/v1/teacher/student-reading-overview?${range}`, 'teacher'),
      get<{ students: OverviewRow[] }>(`/v1/teacher/student-reading-overview?${range}`, 'owner'),
      get<{ students: OverviewRow[] }>(
        `/v1/teacher/student-reading-overview?${range}&school_id=${schoolId}`,
        'head',
      ),
      get<{ students: ReadingRow[] }>(
        `/v1/classes/reading-overview?class_ids=${classId}&${range}`,
        'teacher',
      ),
      allPages<ReadingRow>(`/v1/classes/reading-overview-paginated?${range}`, 'owner', 'students'),
      allPages<Summary>(`/v1/students?class_id=${classId}`, 'owner', 'students'),
      get<{ students: Summary[] }>(`/v1/classes/${classId}/students`, 'owner'),
    ]);
    const csv = await t.request({
      method: 'GET',
      url: `/api/v1/classes/${classId}/export`,
      token: token.owner,
    });
    expect(csv.statusCode).toBe(200);
    const csvRows = new Map(
      csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .slice(1)
        .map(cellsOf)
        .map((cells) => [cells[1]!, { wpm: cells[3]!, wcpm: cells[4]! }]),
    );
    const usernames = new Map(
      (await t.db.select({ id: users.id, username: users.username }).from(users)).map((u) => [
        u.id,
        u.username,
      ]),
    );

    const calls = {
      teacher: byId(teacherRows.students),
      owner: byId(ownerRows.students),
      head: byId(headRows.students),
      in7: byId(in7.students),
      in8: byId(in8),
      listed: byId(listed),
      classStudents: byId(classStudents.students),
    };
    expect(in7.students.length).toBeGreaterThan(5);
    const seen = { lexile: 0, wcpm: 0, active: 0 };
    for (const student of in7.students) {
      const id = student.student_id;
      const report = await get<Report>(
        `/v1/students/reading-overview?student_id=${id}&${ALL_TIME}`,
        'teacher',
      );
      const expected = {
        lexile: report.current_lexile,
        wpm: report.latest_wpm,
        wcpm: report.latest_wcpm,
        active: report.student.last_active_at,
      };
      // The timeline's last point over the whole history is the estimate now (FG1).
      expect(report.lexile_timeline.at(-1)?.lexile ?? null, student.name).toBe(expected.lexile);
      for (const goal of report.goals) {
        const value = { lexile: expected.lexile, wpm: expected.wpm, wcpm: expected.wcpm }[goal.kind];
        expect(goal.current, `${student.name}: goal ${goal.kind}`).toBe(value);
      }
      for (const [call, rows] of Object.entries(calls)) {
        const row = rows.get(id) as Partial<ReadingRow> | undefined;
        expect(row, `${student.name} in ${call}`).toBeDefined();
        expect(row!.last_active_at, `${student.name}: last active in ${call}`).toBe(expected.active);
        if (!('lexile' in row!)) continue;
        expect(
          { lexile: row.lexile, wpm: row.latest_wpm, wcpm: row.latest_wcpm },
          `${student.name} in ${call}`,
        ).toEqual({ lexile: expected.lexile, wpm: expected.wpm, wcpm: expected.wcpm });
      }
      const exported = csvRows.get(usernames.get(id)!);
      const rounded = (value: number | null) => (value === null ? '' : String(Math.round(value)));
      expect(exported, `${student.name} in the export`).toEqual({
        wpm: rounded(expected.wpm),
        wcpm: rounded(expected.wcpm),
      });
      if (expected.lexile !== null) seen.lexile++;
      if (expected.wcpm !== null) seen.wcpm++;
      if (expected.active !== null) seen.active++;
    }
    // The demo's class has read: the figures compared are there, not nulls agreeing with nulls.
    expect(seen.lexile).toBeGreaterThan(5);
    expect(seen.active).toBeGreaterThan(5);
    expect(seen.wcpm).toBeGreaterThan(0);
  });

  it('a child who read for weeks without signing in is active, on the students list too (FG3)', async () => {
    const listed = await allPages<Summary>(`/v1/students?class_id=${classId}`, 'owner', 'students');
    const active = listed.filter((student) => student.last_active_at !== null);
    // Everyone placed reads in the demo; only the one awaiting placement has never been active.
    expect(active.length).toBe(listed.length - 1);
    expect(Date.parse(leo.last_active_at!)).toBeGreaterThan(t.clock.now().getTime() - 7 * DAY_MS);
  });
});

describe('a class’s, school’s and district’s figures are the same on every call (FG4, FG5, FG7)', () => {
  it('books completed, the quiz average and recordings waiting add up from student to class, school and district', async () => {
    const range = `start=${period.start}&end=${period.end}`;
    const [ownerRows, in7, in8, classInsights, ownerInsights, headSchool, headAll, district] =
      await Promise.all([
        get<{ students: OverviewRow[] }>(`/v1/teacher/student-reading-overview?${range}`, 'owner'),
        get<{ students: ReadingRow[] }>(
          `/v1/classes/reading-overview?class_ids=${classId}&${range}`,
          'owner',
        ),
        allPages<ReadingRow>(`/v1/classes/reading-overview-paginated?${range}`, 'owner', 'students'),
        get<Insights>(`/v1/classes/insights?class_id=${classId}&${range}`, 'owner'),
        get<Insights>(`/v1/classes/insights?${range}`, 'owner'),
        get<Insights>(`/v1/classes/insights?school_id=${schoolId}&${range}`, 'head'),
        get<Insights>(`/v1/classes/insights?${range}`, 'head'),
        get<{ schools: SchoolFigures[] }>(`/v1/districts/overview?${range}`, 'head'),
      ]);
    const sum = (rows: readonly { books_completed: number }[]) =>
      rows.reduce((total, row) => total + row.books_completed, 0);
    const overviewOf = byId(ownerRows.students);
    const pagedOf = byId(in8);
    for (const row of in7.students) {
      for (const other of [overviewOf.get(row.student_id), pagedOf.get(row.student_id)]) {
        expect({ books: other?.books_completed, average: other?.average_score_percent }, row.name).toEqual({
          books: row.books_completed,
          average: row.average_score_percent,
        });
      }
    }
    const school = district.schools.find((row) => row.school_id === schoolId)!;
    expect(classInsights.books_completed).toBe(sum(in7.students));
    expect(ownerInsights.books_completed).toBe(sum(ownerRows.students));
    expect(headSchool.books_completed).toBe(ownerInsights.books_completed);
    expect(school.books_completed).toBe(ownerInsights.books_completed);
    expect(headAll.books_completed).toBe(sum(district.schools));
    expect(ownerInsights.books_completed).toBeGreaterThan(0);
    expect(headSchool.average_score_percent).toBe(ownerInsights.average_score_percent);

    const waiting = ownerRows.students.reduce((total, row) => total + row.recordings_to_review, 0);
    const classWaiting = in7.students.reduce(
      (total, row) => total + (overviewOf.get(row.student_id)?.recordings_to_review ?? 0),
      0,
    );
    expect(classInsights.recordings_waiting).toBe(classWaiting);
    expect(ownerInsights.recordings_waiting).toBe(waiting);
    expect(headSchool.recordings_waiting).toBe(waiting);
    expect(school.recordings_waiting).toBe(waiting);
  });

  it('seats used: the licence usage, its history’s month now and the district overview agree (FG6)', async () => {
    const [usage, history, district, listed] = await Promise.all([
      get<{ seats_used: number }>('/v1/school/license-packs/usage', 'owner'),
      get<{ history: { month: string; seats_used: number }[] }>(
        '/v1/school/license-packs/usage-history',
        'owner',
      ),
      get<{ schools: SchoolFigures[] }>('/v1/districts/overview', 'head'),
      get<{ total: number }>('/v1/students?limit=1', 'owner'),
    ]);
    expect(usage.seats_used).toBe(listed.total);
    expect(history.history.at(-1)!.seats_used).toBe(usage.seats_used);
    expect(district.schools.find((row) => row.school_id === schoolId)!.seats_used).toBe(usage.seats_used);
  });
});

describe('the demo tells a true story on the owner’s and head’s first screens', () => {
  it('seats used month by month are the children enrolled then, every month of the licence (FG6)', async () => {
    const { history } = await get<{ history: { month: string; seats_total: number; seats_used: number }[] }>(
      '/v1/school/license-packs/usage-history',
      'owner',
    );
    const [first] = await t.db
      .select({ startsOn: sql<string>`min(${licencePacks.startsOn})::text` })
      .from(licencePacks)
      .where(eq(licencePacks.schoolId, schoolId));
    expect(history[0]!.month).toBe(first!.startsOn.slice(0, 7));
    for (const month of history) {
      const monthEnd = new Date(`${month.month}-01T00:00:00Z`);
      monthEnd.setUTCMonth(monthEnd.getUTCMonth() + 1);
      const [made] = await t.db
        .select({ n: count() })
        .from(students)
        .where(and(eq(students.schoolId, schoolId), lt(students.createdAt, monthEnd)));
      expect(month.seats_used, month.month).toBe(made!.n);
      expect(month.seats_used, month.month).toBeGreaterThan(0);
    }
  });

  it('level-ups of the last 28 days: the insights’ levels and the district overview count the history’s, and there are some', async () => {
    const since = new Date(`${period.start}T00:00:00Z`);
    const [recorded] = await t.db
      .select({ n: count() })
      .from(levelChanges)
      .where(
        and(
          eq(levelChanges.schoolId, schoolId),
          eq(levelChanges.rule, 'level_up'),
          gte(levelChanges.createdAt, since),
        ),
      );
    expect(recorded!.n).toBeGreaterThan(0);
    const [progression, district] = await Promise.all([
      get<{ reasons: { reason: string; change_count: number }[] }>(
        `/v1/classes/level-progression?start=${period.start}&end=${period.end}`,
        'owner',
      ),
      get<{ schools: SchoolFigures[] }>(
        `/v1/districts/overview?start=${period.start}&end=${period.end}`,
        'head',
      ),
    ]);
    expect(district.schools.find((row) => row.school_id === schoolId)!.level_ups).toBe(recorded!.n);
    expect(progression.reasons.find((row) => row.reason === 'level_up')?.change_count).toBe(recorded!.n);
  });

  it('the owner’s insights of the last 28 days show reading, scores, speed and recordings waiting', async () => {
    const insights = await get<Insights>('/v1/classes/insights', 'owner');
    expect(insights.books_completed).toBeGreaterThan(0);
    expect(insights.active_students).toBeGreaterThan(0);
    expect(insights.average_score_percent).not.toBeNull();
  });

  it('written answers waiting for a mark differ, as children’s do', async () => {
    const { answers } = await get<{ answers: { answer: string }[] }>(
      '/v1/worksheets/answers/awaiting-mark?limit=100',
      'owner',
    );
    expect(answers.length).toBeGreaterThan(10);
    const times = new Map<string, number>();
    for (const { answer } of answers) times.set(answer, (times.get(answer) ?? 0) + 1);
    expect(times.size).toBeGreaterThan(5);
    // No one answer is most of the class's.
    expect(Math.max(...times.values())).toBeLessThan(answers.length / 4);
  });
});

describe('the estimated Lexile never falls for an easier book passed (FG1)', () => {
  // Last: it adds two books to demo.student's history.
  it('a harder book passed then an easier one: every call keeps the harder one’s measure', async () => {
    const report = async () =>
      get<Report>(`/v1/students/reading-overview?student_id=${leo.student_id}&${ALL_TIME}`, 'teacher');
    const before = (await report()).current_lexile!;
    const powerBuilder = (condition: ReturnType<typeof sql>) =>
      t.db
        .select({ id: passages.id, lexile: passages.lexile })
        .from(passages)
        .where(and(eq(passages.builderTypeId, BuilderType.PowerBuilder), condition))
        .limit(1);
    const [hard] = await powerBuilder(sql`${passages.lexile} > ${before}`);
    const [easy] = await powerBuilder(sql`${passages.lexile} < ${before}`);
    const [account] = await t.db.select().from(students).where(eq(students.userId, leo.student_id));
    const student = { id: leo.student_id, schoolId: account!.schoolId, districtId: account!.districtId };
    const now = t.clock.now().getTime();
    for (const [book, minutesAgo] of [
      [hard!, 20],
      [easy!, 10],
    ] as const) {
      const at = new Date(now - minutesAgo * 60_000);
      await t.factories.worksheet(student, book.id, {
        createdAt: at,
        quizSubmittedAt: at,
        scorePercent: 90,
        isPassed: true,
        worksheetCompleted: true,
        completedAt: at,
      });
    }
    const after = await report();
    expect(after.current_lexile).toBe(hard!.lexile);
    expect(after.lexile_timeline.at(-1)!.lexile).toBe(hard!.lexile);
    const { students: rows } = await get<{ students: OverviewRow[] }>(
      '/v1/teacher/student-reading-overview',
      'teacher',
    );
    expect(rows.find((row) => row.student_id === leo.student_id)!.lexile).toBe(hard!.lexile);
  });
});
