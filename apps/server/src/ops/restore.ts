/**
 * `npm run restore -- <backup folder>`: puts a backup made by `npm run backup` into an empty DATA_DIR (O7). The
 * embedded database's base backup is copied as it is; the next `npm start` recovers it from its write-ahead log to
 * the moment the backup ended. A pg_dump backup is restored into DATABASE_URL's (empty) database with pg_restore.
 */
import { chmod, chown, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { embeddedPaths } from '../db/embedded-postgres.js';
import { inWords } from '../start-failure.js';
import { copyTree, DUMP_FILE, MANIFEST, readManifest, toolMajorVersion } from './backup-folder.js';
import { runProgram } from '../platform/run-program.js';

async function main() {
  const config = loadConfig();
  const from = process.argv[2];
  if (!from) throw new Error('say which backup: npm run restore -- <backup folder>');
  const folder = path.resolve(from);
  const manifest = await readManifest(folder);
  const existing = await readdir(config.dataDir).catch(() => []);
  if (existing.length > 0) {
    throw new Error(
      `DATA_DIR ${config.dataDir} is not empty; restore into an empty folder (move the old one away).`,
    );
  }
  if (manifest.database === 'embedded' && config.databaseUrl) {
    throw new Error('this backup holds the embedded database; unset DATABASE_URL to restore it.');
  }
  if (manifest.database === 'pg_dump')
    await restoreDump(folder, manifest.postgresVersion, config.databaseUrl);
  await copyTree(folder, config.dataDir, (relative) => relative === MANIFEST || relative === DUMP_FILE);
  if (manifest.database === 'embedded') await handToPostgres(embeddedPaths(config.dataDir).databaseDir);
  console.log(`Restored ${folder} into ${config.dataDir}. Start the server: npm start`);
  if (manifest.database === 'not included')
    console.error(`The database was not in this backup: ${manifest.note}`);
}

/** PostgreSQL wants its folder private; as root it runs as the postgres user (embedded-postgres.ts), who owns it. */
async function handToPostgres(databaseDir: string) {
  await chmod(databaseDir, 0o700);
  if (os.userInfo().uid !== 0) return;
  const [uid, gid] = await Promise.all(
    ['-u', '-g'].map(async (flag) => Number((await runProgram('id', [flag, 'postgres'])).stdout.toString())),
  );
  const entries = await readdir(databaseDir, { recursive: true });
  await chown(databaseDir, uid!, gid!);
  for (const entry of entries) await chown(path.join(databaseDir, entry), uid!, gid!);
}

async function restoreDump(folder: string, postgresVersion: string, databaseUrl: string | undefined) {
  if (!databaseUrl)
    throw new Error('this backup holds a pg_dump of an external database; set DATABASE_URL to restore it.');
  const major = Number(postgresVersion.split('.')[0]);
  if ((await toolMajorVersion('pg_restore')) !== major) {
    throw new Error(`this dump is of PostgreSQL ${major}; restore it with pg_restore ${major} (none here).`);
  }
  await runProgram('pg_restore', [
    '--no-owner',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${databaseUrl}`,
    path.join(folder, DUMP_FILE),
  ]);
}

main().catch((error: unknown) => {
  console.error(`The restore failed: ${inWords(error)}`);
  process.exit(1);
});
