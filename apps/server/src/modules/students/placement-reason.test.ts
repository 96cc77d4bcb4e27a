/** A placement by hand keeps its reason with the level change (docs/rules.md R18). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, signedInCast, type TestApp } from '../../../test/app.js';
import { levelChanges } from '../../db/schema/index.js';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
beforeAll(async () => {
  t = await createTestApp();
  cast = await signedInCast(t);
});
afterAll(() => t.close());

describe('PATCH /v1/students/{id}/placement with a reason', () => {
  it('stores the reason with the level change', async () => {
    const response = await t.request({
      method: 'PATCH',
      url: `/api/v1/students/${cast.world.student.id}/placement`,
      token: cast.token.teacher,
      payload: { series_id: 1, colour_band_id: 7, reason: '  Reads chapter books at home  ' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [change] = await t.db
      .select()
      .from(levelChanges)
      .where(eq(levelChanges.studentId, cast.world.student.id));
    expect(change).toMatchObject({
      rule: 'manual_placement',
      toColourBandId: 7,
      changedBy: cast.world.teacher.id,
      details: { has_reset_colour: false, reason: 'Reads chapter books at home' },
    });
  });
});
