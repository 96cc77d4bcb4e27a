/** Licence packs, seats used and monthly usage; a pack ending soon announced once (docs/rules.md LP1–LP4). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, signedInCast, type TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';
import { licencePacks, students } from '../../db/schema/index.js';
import { announceEndingPacks } from './ending-notice.js';
import { addLicencePack } from './licences.service.js';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
const packIds: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp(); // the clock reads 2026-09-15
  cast = await signedInCast(t);
  const schoolId = cast.world.school.id;
  for (const [name, seats, startsOn, endsOn] of [
    ['Last year', 10, '2025-09-01', '2026-08-31'],
    ['This year', 3, '2026-09-01', '2027-08-31'],
    ['Next year', 5, '2027-09-01', '2028-08-31'],
  ] as const) {
    const [row] = await t.db
      .insert(licencePacks)
      .values({ schoolId, name, seats, startsOn, endsOn })
      .returning();
    packIds[name] = row!.id;
  }
  await t.db
    .update(students)
    .set({ createdAt: new Date('2026-03-10T12:00:00Z') })
    .where(eq(students.schoolId, schoolId));
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.request({ method: 'GET', url: `/api${url}`, token });

describe('licence packs', () => {
  it('usage: seats of the packs active today, used by the school’s enabled students', async () => {
    expect((await get('/v1/school/license-packs/usage', cast.token.owner)).json()).toEqual({
      school_id: cast.world.school.id,
      seats_total: 3,
      seats_used: 2,
      seats_free: 1,
      next_end_date: '2027-08-31',
    });
  });

  it('packs newest first, the active one holding the seats used', async () => {
    const response = await get(`/v1/school/license-packs?school_id=${cast.world.school.id}`, cast.token.head);
    expect(
      response
        .json<{ license_packs: { name: string; seats_used: number; active: boolean }[] }>()
        .license_packs.map(({ name, seats_used, active }) => [name, seats_used, active]),
    ).toEqual([
      ['Next year', 0, false],
      ['This year', 2, true],
      ['Last year', 0, false],
    ]);
  });

  it('history month by month from the first pack to this month', async () => {
    const history = (await get('/v1/school/license-packs/usage-history', cast.token.teacher)).json<{
      history: { month: string; seats_total: number; seats_used: number }[];
    }>().history;
    expect(history.map((row) => row.month)).toEqual([
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
    ]);
    expect(history[5]).toEqual({ month: '2026-02', seats_total: 10, seats_used: 0 });
    expect(history[6]).toEqual({ month: '2026-03', seats_total: 10, seats_used: 2 });
    expect(history[12]).toEqual({ month: '2026-09', seats_total: 3, seats_used: 2 });
  });

  it('a department head names a school of the district; others are held to their own', async () => {
    expectError(await get('/v1/school/license-packs/usage', cast.token.head), 400, 'query.school_id');
    expectError(
      await get(`/v1/school/license-packs/usage?school_id=${cast.outsider.school.id}`, cast.token.head),
      404,
    );
    const outsider = await get(
      `/v1/school/license-packs/usage?school_id=${cast.world.school.id}`,
      cast.token.outsider,
    );
    expect(outsider.json()).toMatchObject({ school_id: cast.outsider.school.id, seats_total: 0 });
    expectError(await get('/v1/school/license-packs', cast.token.student), 403);
    expectError(await get('/v1/school/license-packs'), 401);
  });
});

describe('a pack ending within 30 days', () => {
  it('is announced once to the school’s owners and department heads', async () => {
    await t.db.insert(licencePacks).values({
      schoolId: cast.world.school.id,
      name: 'Trial',
      seats: 2,
      startsOn: '2026-09-01',
      endsOn: '2026-10-10',
    });
    expect(await announceEndingPacks(t.deps)).toBe(1);
    expect(await announceEndingPacks(t.deps)).toBe(0);
    const titles = async (token: string) =>
      (await get('/v1/notifications', token))
        .json<{ notifications: { kind: string; title: string }[] }>()
        .notifications.map(({ kind, title }) => [kind, title]);
    const expected = [['license_ending', `${cast.world.school.name}: Trial ends on 2026-10-10`]];
    expect(await titles(cast.token.owner)).toEqual(expected);
    expect(await titles(cast.token.head)).toEqual(expected);
    expect(await titles(cast.token.teacher)).toEqual([]);
  });
});

describe('the operator adds a pack (npm run licence)', () => {
  it('refuses bad values naming the option, and adds a good pack', async () => {
    const pack = {
      schoolId: String(cast.world.school.id),
      name: 'Extra',
      seats: '0',
      startsOn: '2026-09-01',
      endsOn: '2026-01-01',
    };
    await expect(addLicencePack(t.db, pack)).rejects.toThrow(
      '--seats: at least 1\n--until: on or after --from',
    );
    await expect(
      addLicencePack(t.db, { ...pack, schoolId: '999999', seats: '4', endsOn: '2027-01-01' }),
    ).rejects.toThrow('no school 999999');
    const added = await addLicencePack(t.db, { ...pack, seats: '4', endsOn: '2027-01-01' });
    expect(added).toMatchObject({
      schoolId: cast.world.school.id,
      name: 'Extra',
      seats: 4,
      endsOn: '2027-01-01',
    });
  });
});
