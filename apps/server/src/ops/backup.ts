/**
 * `npm run backup -- [folder]`: a consistent backup of a running (or stopped) server into a new folder (O4–O6).
 * The embedded PostgreSQL is copied as a base backup: pg_backup_start, a copy of its folder, pg_backup_stop and the
 * write-ahead log written meanwhile (kept by a temporary replication slot), so the copy recovers to the moment the
 * backup ended. An external DATABASE_URL is dumped with pg_dump of the same major version. Then DATA_DIR's other
 * files are copied: after the database, so they are a superset of what its rows name (O5).
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../config.js';
import { embeddedPaths, runningPostgres, startEmbeddedPostgres } from '../db/embedded-postgres.js';
import { runProgram } from '../platform/run-program.js';
import { inWords } from '../start-failure.js';
import {
  copyTree,
  DUMP_FILE,
  NOT_COPIED_FROM_DATA_DIR,
  toolMajorVersion,
  writeManifest,
  type Manifest,
} from './backup-folder.js';

/** What a base backup leaves out of the database folder (PostgreSQL's documentation, "Making a Base Backup"). */
const CLUSTER_FILES_LEFT_OUT = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'tablespace_map',
]);
const CLUSTER_FOLDERS_COPIED_EMPTY = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const leftOutOfCluster = (relative: string) =>
  CLUSTER_FILES_LEFT_OUT.has(relative) ||
  CLUSTER_FOLDERS_COPIED_EMPTY.has(path.dirname(relative)) ||
  path.basename(relative).startsWith('pgsql_tmp');

async function main() {
  const config = loadConfig();
  const folder = path.resolve(
    process.argv[2] ?? `backups/readalong-${new Date().toISOString().replace(/:/g, '-')}`,
  );
  const existing = await readdir(folder).catch(() => []);
  if (existing.length > 0) throw new Error(`${folder} is not empty; give a new folder for the backup.`);
  if (!path.relative(config.dataDir, folder).startsWith('..')) {
    throw new Error(`${folder} is inside DATA_DIR ${config.dataDir}; give a folder outside it.`);
  }
  await mkdir(folder, { recursive: true });
  try {
    const manifest = config.databaseUrl
      ? await dumpExternal(config.databaseUrl, folder)
      : await baseBackupOfEmbedded(config.dataDir, folder);
    await copyTree(config.dataDir, folder, (relative) =>
      NOT_COPIED_FROM_DATA_DIR.has(relative.split(path.sep)[0]!),
    );
    await writeManifest(folder, manifest);
    if (manifest.database === 'not included') {
      console.error(`The files are backed up in ${folder}, the database is not: ${manifest.note}`);
      process.exit(1);
    }
  } catch (error) {
    // Never half-written: a failed backup leaves no folder that looks like one.
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  console.log(`Backed up to ${folder}. Restore with: npm run restore -- ${folder}`);
}

/** O4: the embedded database, running or not, as a base backup in folder/postgres. */
async function baseBackupOfEmbedded(dataDir: string, folder: string): Promise<Manifest> {
  const paths = embeddedPaths(dataDir);
  const started = (await runningPostgres(dataDir)) ? null : await startEmbeddedPostgres(dataDir);
  const { port } = (await runningPostgres(dataDir))!;
  const password = (await readFile(paths.passwordFile, 'utf8')).trim();
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  await client.connect();
  try {
    const target = path.join(folder, 'postgres');
    // A temporary slot keeps every WAL segment from here on until this session ends (no setting to change).
    await client.query(
      `SELECT pg_create_physical_replication_slot('readalong_backup_${process.pid}', true, true)`,
    );
    await client.query('SELECT pg_backup_start($1, true)', [`readalong ${new Date().toISOString()}`]);
    await copyTree(paths.databaseDir, target, leftOutOfCluster);
    const { rows } = await client.query<{ labelfile: string; spcmapfile: string }>(
      'SELECT labelfile, spcmapfile FROM pg_backup_stop(false)',
    );
    await writeFile(path.join(target, 'backup_label'), rows[0]!.labelfile);
    if (rows[0]!.spcmapfile) await writeFile(path.join(target, 'tablespace_map'), rows[0]!.spcmapfile);
    await copyTree(path.join(paths.databaseDir, 'pg_wal'), path.join(target, 'pg_wal'), (relative) =>
      relative.startsWith('archive_status'),
    );
    return {
      createdAt: new Date().toISOString(),
      database: 'embedded',
      postgresVersion: await versionOf(client),
    };
  } finally {
    await client.end();
    await started?.stop();
  }
}

/** O6: DATABASE_URL's database with pg_dump, only when pg_dump's major version is the server's. */
async function dumpExternal(databaseUrl: string, folder: string): Promise<Manifest> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const postgresVersion = await versionOf(client).finally(() => client.end());
  const serverMajor = Number(postgresVersion.split('.')[0]);
  const dumpMajor = await toolMajorVersion('pg_dump');
  if (dumpMajor !== serverMajor) {
    const note = `DATABASE_URL is PostgreSQL ${serverMajor} and pg_dump here is ${dumpMajor ?? 'missing'}; back up that database with its own server's tools (pg_dump ${serverMajor}).`;
    return { createdAt: new Date().toISOString(), database: 'not included', postgresVersion, note };
  }
  await runProgram('pg_dump', ['--format=custom', `--file=${path.join(folder, DUMP_FILE)}`, databaseUrl]);
  return { createdAt: new Date().toISOString(), database: 'pg_dump', postgresVersion };
}

async function versionOf(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
  return rows[0]!.server_version.split(' ')[0]!;
}

main().catch((error: unknown) => {
  console.error(`The backup failed: ${inWords(error)}`);
  process.exit(1);
});
