/**
 * Work that one server at a time may do when several servers share one database (docs/rules.md O10, O15): a
 * PostgreSQL session advisory lock named by the work, taken on a pooled connection kept for the run and unlocked
 * on that same connection. A server that dies loses its connection, and PostgreSQL releases the lock with it.
 */
import type pg from 'pg';
import type { Database } from './database.js';

export type SingleRun<T> = { ran: true; value: T } | { ran: false };

/** The pool under drizzle's handle: connect() in database.ts makes every Database from a pg.Pool. */
const poolOf = (db: Database) => (db as Database & { $client: pg.Pool }).$client;

const TAKE_IF_FREE = 'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked';
const WAIT_AND_TAKE = 'SELECT true AS locked FROM pg_advisory_lock(hashtextextended($1, 0))';

/** Runs `work` unless another server runs the work `name` now; then answers `{ ran: false }` at once (O10). */
export function runOnOneServer<T>(db: Database, name: string, work: () => Promise<T>): Promise<SingleRun<T>> {
  return underLock(db, name, TAKE_IF_FREE, work);
}

/** Runs `work` once no other server runs the work `name`, waiting for it to end first (O15). */
export async function runAfterOtherServers<T>(
  db: Database,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  const run = await underLock(db, name, WAIT_AND_TAKE, work);
  if (!run.ran) throw new Error(`the lock "${name}" was not taken`); // pg_advisory_lock waits until it is
  return run.value;
}

async function underLock<T>(
  db: Database,
  name: string,
  take: string,
  work: () => Promise<T>,
): Promise<SingleRun<T>> {
  const client = await poolOf(db).connect();
  let lockFree = false;
  try {
    const { rows } = await client.query<{ locked: boolean }>(take, [name]);
    if (!rows[0]!.locked) {
      lockFree = true;
      return { ran: false };
    }
    try {
      return { ran: true, value: await work() };
    } finally {
      lockFree = await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [name]).then(
        () => true,
        () => false,
      );
    }
  } finally {
    // A connection that may still hold the lock is closed, not pooled: closing it releases the lock.
    client.release(!lockFree);
  }
}
