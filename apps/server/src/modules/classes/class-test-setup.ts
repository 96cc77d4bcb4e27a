/** The shared setup of the classes tests: one test app and a signed-in cast, made before and closed after the file. */
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, signedInCast, type TestApp } from '../../../test/app.js';

export function useSignedInCast() {
  const setup = {} as { t: TestApp; cast: Awaited<ReturnType<typeof signedInCast>> };
  beforeAll(async () => {
    setup.t = await createTestApp();
    setup.cast = await signedInCast(setup.t);
  });
  afterAll(() => setup.t.close());
  return setup;
}
