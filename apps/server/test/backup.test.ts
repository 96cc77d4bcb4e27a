/**
 * `npm run backup` on a running server that is being written to, `npm run restore` into an empty DATA_DIR, and a
 * server started there: every row and every file is back (docs/rules.md O4, O5, O7).
 */
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedPaths, runningPostgres } from '../src/db/embedded-postgres.js';
import {
  createDataDir,
  processEnv,
  runScript,
  startServer,
  stopServer,
  untilHealthy,
  type ServerProcess,
} from './server-process.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const servers: ServerProcess[] = [];
const folders: string[] = [];
afterAll(async () => {
  await Promise.all(servers.map(stopServer));
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function newFolder() {
  const folder = await createDataDir();
  folders.push(folder);
  return folder;
}

/** A public contact message with a screenshot: one row and one stored file. */
async function sendMessage(server: ServerProcess, name: string) {
  const form = new FormData();
  form.set('name', name);
  form.set('email', 'parent@example.org');
  form.set('message', 'The book will not open.');
  form.set('file', new Blob([PNG], { type: 'image/png' }), 'screenshot.png');
  const answer = await fetch(`http://127.0.0.1:${server.port}/api/v1/user/public/contact-us`, {
    method: 'POST',
    body: form,
  });
  if (answer.status !== 200) throw new Error(`contact form: ${answer.status} ${await answer.text()}`);
}

/** The embedded database of a running server on `dataDir`. */
async function databaseOf(dataDir: string) {
  const { port } = (await runningPostgres(dataDir))!;
  const password = (await readFile(embeddedPaths(dataDir).passwordFile, 'utf8')).trim();
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password,
    database: 'readalong',
  });
  await client.connect();
  return client;
}

/** Every table's row count, but the contact messages (written while the backup ran). */
async function rowCounts(client: pg.Client) {
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name FROM information_schema.tables
     WHERE table_schema IN ('public', 'drizzle') AND table_type = 'BASE TABLE' AND table_name <> 'contact_messages'
     ORDER BY 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    counts[name] = Number(
      (await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${name}`)).rows[0]!.n,
    );
  }
  return counts;
}

describe('a backup of a running server', () => {
  it('restores into an empty DATA_DIR with every row and every file', async () => {
    const source = await newFolder();
    // It writes contact messages as fast as it can while the backup runs: far over the per-address form limit.
    const server = await startServer(source, { RATE_LIMIT_FORMS: '100000' });
    servers.push(server);
    await untilHealthy(server);
    for (const n of [1, 2, 3, 4, 5]) await sendMessage(server, `Before ${n}`);

    const backupDir = path.join(await newFolder(), 'backup');
    const backup = runScript('ops/backup.ts', processEnv(source), [backupDir]);
    let writing = true;
    const writes = (async () => {
      for (let n = 1; writing; n++) {
        await sendMessage(server, `During ${n}`);
        await sleep(50);
      }
    })();
    expect(await backup.exited, backup.output()).toBe(0);
    writing = false;
    await writes;

    const sourceDb = await databaseOf(source);
    const sourceCounts = await rowCounts(sourceDb);
    await sourceDb.end();

    const restored = await newFolder();
    const restore = runScript('ops/restore.ts', processEnv(restored), [backupDir]);
    expect(await restore.exited, restore.output()).toBe(0);
    const again = await startServer(restored);
    servers.push(again);
    await untilHealthy(again);

    const restoredDb = await databaseOf(restored);
    const before = await restoredDb.query<{ name: string }>(
      `SELECT name FROM contact_messages WHERE name LIKE 'Before %' ORDER BY name`,
    );
    expect(before.rows.map((row) => row.name)).toEqual([
      'Before 1',
      'Before 2',
      'Before 3',
      'Before 4',
      'Before 5',
    ]);
    const { rows: attachments } = await restoredDb.query<{ key: string }>(
      'SELECT attachment_key AS key FROM contact_messages',
    );
    expect(await rowCounts(restoredDb)).toEqual(sourceCounts);
    await restoredDb.end();
    const missing = attachments.filter(({ key }) => !existsSync(path.join(restored, 'files', key)));
    expect(missing).toEqual([]);
    expect(await readFile(path.join(restored, 'secret.key'), 'utf8')).toBe(
      await readFile(path.join(source, 'secret.key'), 'utf8'),
    );
    // About 20 s on a quiet machine (two first starts, a backup, a restore); the margin is for a loaded one.
  }, 300_000);

  it('refuses to restore into a DATA_DIR that is not empty, and leaves it as it was', async () => {
    const backupDir = await newFolder();
    await writeFile(path.join(backupDir, 'backup.json'), '{"database":"embedded","postgresVersion":"17.6"}');
    const dataDir = await newFolder();
    await writeFile(path.join(dataDir, 'secret.key'), 'the key in use\n');

    const restore = runScript('ops/restore.ts', processEnv(dataDir), [backupDir]);
    expect(await restore.exited).toBe(1);
    expect(restore.output()).toContain(`DATA_DIR ${dataDir} is not empty`);
    expect(await readFile(path.join(dataDir, 'secret.key'), 'utf8')).toBe('the key in use\n');
  }, 30_000);
});
