/** The seeded demo district with its staff signed in: what the insights and district overview tests count on. */
import { createTestApp, signIn } from '../../../test/app.js';
import { importLibrary } from '../../seed/library-import.js';
import { seedDemo } from '../../seed/demo-district.js';
import { DEMO_PASSWORD } from '../../seed/demo-district-data.js';

export async function demoDistrictApp() {
  const t = await createTestApp();
  await importLibrary(t.db, { root: t.deps.config.libraryDir });
  await seedDemo(t.db, t.clock.now(), { platform: t.deps });
  const token = { teacher: '', owner: '', head: '' };
  for (const role of ['teacher', 'owner', 'head'] as const) {
    token[role] = (await signIn(t, `demo.${role}`, DEMO_PASSWORD)).access_token;
  }
  return { t, token };
}
