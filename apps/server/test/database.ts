/** A fresh, migrated database per call, copied from the run's template (see global-setup.ts). */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { connect, ensureDatabase, type Database } from '../src/db/database.js';
import { dropDatabase, withDatabase } from './global-setup.js';

export async function createTestDatabase(): Promise<{ db: Database; url: string; close(): Promise<void> }> {
  const adminUrl = inject('adminUrl');
  const name = `readalong_test_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(adminUrl, name, inject('templateName'));
  const handle = connect(withDatabase(adminUrl, name));
  return {
    db: handle.db,
    url: handle.url,
    close: async () => {
      await handle.close();
      await dropDatabase(adminUrl, name);
    },
  };
}
