/**
 * The database an operator command works on: DATABASE_URL's; else the embedded one of the server running on
 * DATA_DIR (reached on its port, so the command needs no stop); else the embedded one, started for the command.
 */
import { readFile } from 'node:fs/promises';
import type { Config } from '../config.js';
import { connect, openDatabase, type DatabaseHandle } from '../db/database.js';
import { embeddedPaths, runningPostgres } from '../db/embedded-postgres.js';

export async function openOperatorDatabase(config: Config): Promise<DatabaseHandle> {
  const running = config.databaseUrl ? null : await runningPostgres(config.dataDir);
  if (!running) return openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const password = (await readFile(embeddedPaths(config.dataDir).passwordFile, 'utf8')).trim();
  return connect(`postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${running.port}/readalong`);
}

/** Runs a command's work on the database and closes it; a failure prints its message and exits 1. */
export function runOperatorCommand(work: (handle: DatabaseHandle) => Promise<void>, config: Config) {
  const run = async () => {
    const handle = await openOperatorDatabase(config);
    try {
      await work(handle);
    } finally {
      await handle.close();
    }
  };
  run().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
