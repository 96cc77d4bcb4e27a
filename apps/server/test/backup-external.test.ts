/**
 * `npm run backup` with DATABASE_URL (docs/rules.md O6): pg_dump when its major version is the server's, restored
 * with pg_restore into an empty database; otherwise the files alone, and the backup says why the database is not in.
 * The run's database decides which: CI's is the machine's PostgreSQL (pg_dump matches), a local run's the embedded 17.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { inject, afterAll, describe, expect, it } from 'vitest';
import { connect, ensureDatabase } from '../src/db/database.js';
import { contactMessages } from '../src/db/schema/index.js';
import { toolMajorVersion } from '../src/ops/backup-folder.js';
import { createTestDatabase } from './database.js';
import { dropDatabase, withDatabase } from './global-setup.js';
import { createDataDir, processEnv, runScript } from './server-process.js';

const KEY = 'contact/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d.png';
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function newFolder() {
  const folder = await createDataDir();
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  return folder;
}

describe('a backup with DATABASE_URL', () => {
  it('dumps the database with a matching pg_dump and restores it, or keeps the files and says why not', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.close());
    await database.db.insert(contactMessages).values({
      name: 'A parent',
      email: 'parent@example.org',
      message: 'Hello',
      attachmentKey: KEY,
    });
    const dataDir = await newFolder();
    await mkdir(path.join(dataDir, 'files/contact'), { recursive: true });
    await writeFile(path.join(dataDir, 'files', KEY), 'a screenshot');
    const { rows } = await database.db.execute<{ server_version: string }>(sql`SHOW server_version`);
    const serverMajor = Number(rows[0]!.server_version.split('.')[0]);
    const dumpMatches = (await toolMajorVersion('pg_dump')) === serverMajor;

    const backupDir = path.join(await newFolder(), 'backup');
    const backup = runScript('ops/backup.ts', processEnv(dataDir, { DATABASE_URL: database.url }), [
      backupDir,
    ]);
    const code = await backup.exited;
    expect(existsSync(path.join(backupDir, 'files', KEY))).toBe(true);

    if (!dumpMatches) {
      expect(code).toBe(1);
      expect(backup.output()).toContain(
        `back up that database with its own server's tools (pg_dump ${serverMajor})`,
      );
      expect(JSON.parse(await readFile(path.join(backupDir, 'backup.json'), 'utf8'))).toMatchObject({
        database: 'not included',
      });
      return;
    }
    expect(code, backup.output()).toBe(0);
    const emptyName = `readalong_restore_${randomBytes(6).toString('hex')}`;
    await ensureDatabase(inject('adminUrl'), emptyName);
    cleanups.push(() => dropDatabase(inject('adminUrl'), emptyName));
    const emptyUrl = withDatabase(inject('adminUrl'), emptyName);
    const restoredDir = await newFolder();
    const restore = runScript('ops/restore.ts', processEnv(restoredDir, { DATABASE_URL: emptyUrl }), [
      backupDir,
    ]);
    expect(await restore.exited, restore.output()).toBe(0);

    const restored = connect(emptyUrl);
    cleanups.push(() => restored.close());
    const messages = await restored.db.select({ key: contactMessages.attachmentKey }).from(contactMessages);
    expect(messages).toEqual([{ key: KEY }]);
    expect(await readFile(path.join(restoredDir, 'files', KEY), 'utf8')).toBe('a screenshot');
  }, 60_000);
});
