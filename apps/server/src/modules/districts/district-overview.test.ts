/**
 * The district overview on the seeded demo district (docs/rules.md IN11): every school's figures agree with the same
 * figure counted here from the raw rows in plain SQL, another district's schools never appear, and bad input is a
 * 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DistrictSchoolFigures as SchoolFigures } from '@readalong/contracts';
import { signIn, TEST_PASSWORD, type TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';
import { demoDistrictApp } from '../insights/demo-district.fixture.js';

let t: TestApp;
const token = { teacher: '', owner: '', head: '', otherHead: '' };
let demoDistrict: number;
let outsideSchool: number;

const POWER_BUILDER = 2;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  let demo: Awaited<ReturnType<typeof demoDistrictApp>>['token'];
  ({ t, token: demo } = await demoDistrictApp());
  Object.assign(token, demo);
  const outside = await t.factories.school();
  outsideSchool = outside.school.id;
  token.otherHead = (await signIn(t, outside.head.username, TEST_PASSWORD)).access_token;
  demoDistrict = (
    await rows<{ id: number }>(sql`select district_id as id from users where username = 'demo.head'`)
  )[0]!.id;
});
afterAll(() => t.close());

async function rows<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await t.db.execute<T>(query)).rows as T[];
}

const call = (who: keyof typeof token, query = '') =>
  t.request({ method: 'GET', url: `/api/v1/districts/overview${query}`, token: token[who] });

/** One school's figures straight from the raw rows, each its own plain query. */
async function rawFigures(schoolId: number, from: string, until: string) {
  const now = t.clock.now();
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS).toISOString();
  const today = now.toISOString().slice(0, 10);
  const pupils = sql`(select user_id from students where school_id = ${schoolId})`;
  const n = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: unknown }>(query))[0]?.n ?? 0);
  const levelMoves = (rule: string) =>
    n(sql`select count(*) as n from level_changes where student_id in ${pupils} and rule = ${rule}
      and created_at >= ${from} and created_at < ${until}`);
  const student_count = await n(sql`select count(*) as n from students where school_id = ${schoolId}`);
  const [level_ups, level_downs] = [await levelMoves('level_up'), await levelMoves('level_down')];
  return {
    school_id: schoolId,
    student_count,
    active_student_count: await n(sql`select count(distinct s) as n from (
      select student_id s, created_at a from worksheets union all
      select student_id, quiz_submitted_at from worksheets union all
      select student_id, start_time from reading_activity_logs union all
      select student_id, created_at from recordings) e
      where s in ${pupils} and a >= ${weekAgo} and a < ${now.toISOString()}`),
    books_completed: await n(sql`select count(*) as n from worksheets w join passages p on p.id = w.passage_id
      where w.student_id in ${pupils} and p.builder_type_id = ${POWER_BUILDER} and w.worksheet_completed
      and w.completed_at >= ${from} and w.completed_at < ${until}`),
    level_ups,
    level_downs,
    average_level_gain: student_count === 0 ? null : (level_ups - level_downs) / student_count,
    recordings_waiting: await n(sql`select count(*) as n from recordings where student_id in ${pupils}
      and not is_practice and not grading_completed`),
    seats_used: await n(sql`select count(*) as n from students s join users u on u.id = s.user_id
      where s.school_id = ${schoolId} and not u.is_disabled`),
    seats_total: await n(sql`select coalesce(sum(seats), 0) as n from licence_packs
      where school_id = ${schoolId} and starts_on <= ${today} and ends_on >= ${today}`),
  };
}

describe('GET /v1/districts/overview', () => {
  it('gives every school of the head’s district, by name, each figure as the raw rows count it', async () => {
    const response = await call('head', '?start=2026-01-01&end=2026-09-15');
    expect(response.statusCode, response.body).toBe(200);
    const overview = response.json<{ start: string; end: string; schools: SchoolFigures[] }>();
    expect([overview.start, overview.end]).toEqual(['2026-01-01', '2026-09-15']);
    const schools = await rows<{ id: number; name: string }>(
      sql`select id, name from schools where district_id = ${demoDistrict} order by name, id`,
    );
    expect(overview.schools.map((school) => school.name)).toEqual(schools.map((school) => school.name));
    for (const school of overview.schools) {
      const { name, ...figures } = school;
      expect(figures, name).toEqual(
        await rawFigures(school.school_id, '2026-01-01T00:00:00Z', '2026-09-16T00:00:00Z'),
      );
    }
    const total = (key: keyof SchoolFigures) =>
      overview.schools.reduce((sum, school) => sum + Number(school[key]), 0);
    // The demo has something in every column, so a figure that is always 0 would fail.
    for (const key of ['student_count', 'active_student_count', 'books_completed', 'level_ups'] as const) {
      expect(total(key), key).toBeGreaterThan(0);
    }
    expect(total('recordings_waiting') + total('seats_total')).toBeGreaterThan(0);
  });

  it('counts a disabled student among the school’s students but not among its seats used (LP2)', async () => {
    const [pupil] = await rows<{ user_id: number; school_id: number }>(
      sql`select s.user_id, s.school_id from students s join schools c on c.id = s.school_id
        where c.district_id = ${demoDistrict} order by s.user_id limit 1`,
    );
    await t.db.execute(sql`update users set is_disabled = true where id = ${pupil!.user_id}`);
    try {
      const overview = (await call('head')).json<{ schools: SchoolFigures[] }>();
      const school = overview.schools.find((row) => row.school_id === pupil!.school_id)!;
      expect(school.seats_used).toBe(school.student_count - 1);
    } finally {
      await t.db.execute(sql`update users set is_disabled = false where id = ${pupil!.user_id}`);
    }
  });

  it('counts books and level moves over the last 90 days without a start', async () => {
    const overview = (await call('head')).json<{ start: string; end: string; schools: SchoolFigures[] }>();
    const today = t.clock.now().toISOString().slice(0, 10);
    const from = new Date(Date.parse(today) - 89 * DAY_MS).toISOString().slice(0, 10);
    expect([overview.start, overview.end]).toEqual([from, today]);
    const until = new Date(Date.parse(today) + DAY_MS).toISOString();
    for (const school of overview.schools) {
      const raw = await rawFigures(school.school_id, `${from}T00:00:00Z`, until);
      expect([school.books_completed, school.level_ups, school.level_downs], school.name).toEqual([
        raw.books_completed,
        raw.level_ups,
        raw.level_downs,
      ]);
    }
  });

  it('never shows another district’s schools: each head sees only their own', async () => {
    const demo = (await call('head')).json<{ schools: SchoolFigures[] }>();
    expect(demo.schools.map((school) => school.school_id)).not.toContain(outsideSchool);
    const other = await call('otherHead');
    expect(other.statusCode, other.body).toBe(200);
    const theirs = other.json<{ schools: SchoolFigures[] }>().schools;
    expect(theirs.map((school) => school.school_id)).toEqual([outsideSchool]);
    expect(theirs[0]).toMatchObject({ student_count: 1, seats_used: 1, books_completed: 0 });
  });

  it('refuses bad dates naming the field, and every role but the department head', async () => {
    expectError(await call('head', '?start=yesterday'), 400, 'query.start');
    expectError(await call('head', '?start=2026-09-10&end=2026-09-01'), 400, 'query.end');
    expectError(await call('head', '?start=1066-10-14'), 400, 'query.start');
    for (const role of ['teacher', 'owner'] as const) expectError(await call(role), 403);
    expectError(await t.request({ method: 'GET', url: '/api/v1/districts/overview' }), 401);
  });
});
