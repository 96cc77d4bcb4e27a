/** District settings (docs/rules.md RA14): a department head reads and changes their own district's retention. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, districts } from '../../db/schema/index.js';
import { createTestApp, signedInCast, type TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;

beforeAll(async () => {
  t = await createTestApp();
  cast = await signedInCast(t);
});
afterAll(() => t.close());

const get = (token?: string) => t.request({ method: 'GET', url: '/api/v1/districts/settings', token });
const patch = (payload: unknown, token?: string) =>
  t.request({ method: 'PATCH', url: '/api/v1/districts/settings', token, payload: payload as object });

async function retentionOf(districtId: number) {
  const [row] = await t.db.select().from(districts).where(eq(districts.id, districtId));
  return row!.audioRetentionDays;
}

describe('district settings', () => {
  it('a department head reads their district’s audio retention, 365 days unless changed', async () => {
    const response = await get(cast.token.head);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ audio_retention_days: 365 });
  });

  it('a department head changes it for their own district only, recorded in the audit log', async () => {
    const other = await t.factories.school();
    const response = await patch({ audio_retention_days: 90 }, cast.token.head);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ audio_retention_days: 90 });
    expect((await get(cast.token.head)).json()).toEqual({ audio_retention_days: 90 });
    expect(await retentionOf(cast.world.district.id)).toBe(90);
    expect(await retentionOf(other.district.id)).toBe(365);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'district.settings'), eq(auditLog.districtId, cast.world.district.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: cast.world.head.id,
      details: { audio_retention_days: { from: 365, to: 90 } },
    });
  });

  it('keeps the days between 30 and 3650, whole, naming the field; nothing else may be sent', async () => {
    const before = await retentionOf(cast.world.district.id);
    for (const value of [29, 3651, 0, -5, 90.5, '90', null]) {
      expectError(
        await patch({ audio_retention_days: value }, cast.token.head),
        400,
        'body.audio_retention_days',
      );
    }
    expectError(await patch({}, cast.token.head), 400, 'body.audio_retention_days');
    expectError(await patch({ audio_retention_days: 60, school_id: 1 }, cast.token.head), 400);
    expect(await retentionOf(cast.world.district.id)).toBe(before);
    for (const value of [30, 3650]) {
      expect((await patch({ audio_retention_days: value }, cast.token.head)).json()).toEqual({
        audio_retention_days: value,
      });
    }
  });

  it('is for department heads only: no session 401, every other role 403', async () => {
    expectError(await get(), 401);
    expectError(await patch({ audio_retention_days: 60 }), 401);
    for (const token of [cast.token.student, cast.token.teacher, cast.token.owner, cast.token.outsider]) {
      expectError(await get(token), 403);
      expectError(await patch({ audio_retention_days: 60 }, token), 403);
    }
  });
});
