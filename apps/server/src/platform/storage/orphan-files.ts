/**
 * O3: stored files that no row references are deleted. A crash between storing an upload and committing its row
 * (or in the middle of receiving it) leaves such a file behind, and so does a restored backup, whose files were
 * copied after its database. Only files older than an hour are touched: another server on the same database may be
 * between storing a file and committing its row right now. Safe to run on several servers at once.
 */
import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Deps } from '../../deps.js';
import { contactMessages, recordings, users } from '../../db/schema/index.js';

export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
const BATCH = 500;

/** Every column that holds a storage key: a file is kept while one of them names it. */
const FILE_KEY_COLUMNS: { table: PgTable; column: PgColumn }[] = [
  { table: recordings, column: recordings.fileKey },
  { table: users, column: users.profilePicKey },
  { table: contactMessages, column: contactMessages.attachmentKey },
];

interface Log {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}
const quiet: Log = { info() {}, error() {} };

type SweepDeps = Pick<Deps, 'db' | 'storage' | 'clock'>;

/** Deletes stale temporary files and stored files no row references; how many of each. Never throws. */
export async function sweepOrphanFiles(deps: SweepDeps, log: Log = quiet) {
  const before = new Date(deps.clock.now().getTime() - ORPHAN_GRACE_MS);
  try {
    const temporaries = await deps.storage.removeTemporaries(before);
    let orphans = 0;
    let batch: string[] = [];
    for await (const file of deps.storage.list()) {
      if (file.modifiedAt >= before) continue;
      batch.push(file.key);
      if (batch.length < BATCH) continue;
      orphans += await removeUnreferenced(deps, batch);
      batch = [];
    }
    orphans += await removeUnreferenced(deps, batch);
    if (temporaries + orphans > 0) log.info({ temporaries, orphans }, 'orphan files: swept');
    return { temporaries, orphans };
  } catch (error) {
    log.error({ err: error }, 'orphan files: the sweep failed');
    return { temporaries: 0, orphans: 0 };
  }
}

async function removeUnreferenced({ db, storage }: SweepDeps, keys: string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const found = await Promise.all(
    FILE_KEY_COLUMNS.map(({ table, column }) =>
      db.select({ key: column }).from(table).where(inArray(column, keys)),
    ),
  );
  const referenced = new Set(found.flat().map((row) => row.key));
  const orphans = keys.filter((key) => !referenced.has(key));
  for (const key of orphans) await storage.remove(key);
  return orphans.length;
}
