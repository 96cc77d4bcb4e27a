/**
 * One PostgreSQL for the whole run: DATABASE_URL when set (CI proves the suite on the machine's PostgreSQL),
 * otherwise an embedded one in a temporary folder. A template database is migrated once; every test file
 * then gets a fresh copy of it (test/database.ts).
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { applyMigrations, connect, ensureDatabase } from '../src/db/database.js';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.js';
import { seedReferenceData } from '../src/seed/reference-data.js';
import pg from 'pg';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateName: string;
  }
}

// embedded-postgres installs async-exit-hook, which ends a process finishing on its own with process.exit(0):
// Vitest's failing exit code would be lost and a failed run would pass CI. Keep the code Vitest set.
const exit = process.exit.bind(process);
process.exit = (code?: number | string | null) =>
  exit(code === 0 || code === undefined ? (process.exitCode ?? code) : code);

export default async function setup(project: TestProject) {
  let adminUrl = process.env.DATABASE_URL;
  let cleanup = async () => {};
  if (!adminUrl) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'readalong-test-'));
    // As root the embedded server runs as the postgres user, who must be able to enter this folder.
    await chmod(dir, 0o755);
    const embedded = await startEmbeddedPostgres(dir);
    adminUrl = embedded.url('postgres');
    cleanup = async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  const templateName = `readalong_template_${process.pid}`;
  await dropDatabase(adminUrl, templateName);
  await ensureDatabase(adminUrl, templateName);
  const template = connect(withDatabase(adminUrl, templateName));
  await applyMigrations(template.db);
  await seedReferenceData(template.db);
  await template.close();

  project.provide('adminUrl', adminUrl);
  project.provide('templateName', templateName);
  return async () => {
    await dropDatabase(adminUrl, templateName);
    await cleanup();
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function dropDatabase(adminUrl: string, name: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  await client.end();
}
