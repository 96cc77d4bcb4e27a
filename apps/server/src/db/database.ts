/** Opens the database: DATABASE_URL when set, otherwise the embedded PostgreSQL. Applies committed migrations. */
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import path from 'node:path';
import * as schema from './schema/index.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { runAfterOtherServers } from './single-runner.js';

export type Database = NodePgDatabase<typeof schema>;
/** A transaction handle; services pass it to repositories so one event's writes commit together. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  url: string;
  close: () => Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/** Connections each server keeps to PostgreSQL at most. */
export const POOL_SIZE = 10;

export function connect(url: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  // A connection's error (PostgreSQL restarting, or stopping before the pool at shutdown: "terminating connection
  // due to administrator command") must not crash the process: every client logs its own, idle or checked out
  // between two queries (a background job's lock, O10). The pool repeats an idle client's error: already logged.
  pool.on('connect', (client) => client.on('error', logConnectionError));
  pool.on('error', () => {});
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { db, pool, url, close: () => pool.end() };
}

function logConnectionError(error: Error): void {
  console.error(`database: a connection was lost (${error.message})`);
}

export async function applyMigrations(db: Database): Promise<void> {
  // O15: servers starting together on one database migrate it one after the other.
  await runAfterOtherServers(db, 'migrations', () => migrate(db, { migrationsFolder }));
}

/** Opens the product's database, migrated. Closing it also stops the embedded server, if one was started. */
export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  log?: (line: string) => void;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const handle = connect(options.databaseUrl);
    await checkConnection(handle).catch(async (error: unknown) => {
      await handle.close();
      throw error;
    });
    await applyMigrations(handle.db);
    return handle;
  }
  const embedded = await startEmbeddedPostgres(options.dataDir, options.log);
  try {
    await ensureDatabase(embedded.url('postgres'), 'readalong');
    const handle = connect(embedded.url('readalong'));
    await applyMigrations(handle.db);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await embedded.stop();
      },
    };
  } catch (error) {
    await embedded.stop();
    throw error;
  }
}

/** O2: an unreachable DATABASE_URL says which server it tried and why, never the password. */
async function checkConnection(handle: DatabaseHandle): Promise<void> {
  try {
    await handle.pool.query('SELECT 1');
  } catch (error) {
    const url = new URL(handle.url);
    throw new Error(`DATABASE_URL: cannot connect to ${url.host}${url.pathname}`, { cause: error });
  }
}

/** Creates `name` on the server at `adminUrl` unless it exists, optionally as a copy of `template`. */
export async function ensureDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return;
    const from = template ? ` TEMPLATE ${pg.escapeIdentifier(template)}` : '';
    await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}${from}`);
  } finally {
    await client.end();
  }
}

/**
 * A query of the per-request path built once per database handle and sent as a named prepared statement, so
 * neither Drizzle nor PostgreSQL builds or plans its text again: `build` uses `sql.placeholder`s for its values.
 */
export function preparedQuery<Q>(build: (db: Executor) => Q): (db: Executor) => Q {
  const built = new WeakMap<Executor, Q>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) built.set(db, (query = build(db)));
    return query;
  };
}

/** Whether any row of `table` meets `where`; the first one found ends the search. */
export async function hasRows(db: Executor, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(1);
  return rows.length > 0;
}
