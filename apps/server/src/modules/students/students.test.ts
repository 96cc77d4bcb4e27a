import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';

let t: TestApp;
let world: Awaited<ReturnType<TestApp['factories']['school']>>;
beforeAll(async () => {
  t = await createTestApp();
  world = await t.factories.school();
});
afterAll(() => t.close());

describe('GET /v2/students/user-details', () => {
  const get = (token?: string) => t.request({ method: 'GET', url: '/api/v2/students/user-details', token });

  it('401 without a session; 403 for every staff role', async () => {
    expectError(await get(), 401);
    for (const person of [world.teacher, world.owner, world.head]) {
      expectError(await get((await signIn(t, person.username)).access_token), 403);
    }
  });

  it('answers exactly the fields SPEC.md names, for the signed-in student', async () => {
    const response = await get((await signIn(t, world.student.username)).access_token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      colour_band_id: 4,
      series_id: 6,
      coins: 30,
      read_aloud_enabled: true,
      narration_enabled: true,
      class_id: world.class.id,
      placement_test_id: null,
    });
  });
});
