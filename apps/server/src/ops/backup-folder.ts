/**
 * What a backup folder holds and how it is copied (docs/rules.md O4–O7): `backup.json` (what kind of backup), the
 * embedded database as a base backup in `postgres/` or an external one as `database.dump` (pg_dump), and every
 * other file of DATA_DIR (uploaded files, the generated secret and password, the outbox, the narration cache).
 */
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runProgram } from '../platform/run-program.js';

export const MANIFEST = 'backup.json';
export const DUMP_FILE = 'database.dump';

export interface Manifest {
  createdAt: string;
  /**
   * `embedded`: a base backup of the embedded PostgreSQL in postgres/; `pg_dump`: DATABASE_URL's, in database.dump;
   * `not included`: DATABASE_URL's server has no matching pg_dump here (`note` says so), only the files are in.
   */
  database: 'embedded' | 'pg_dump' | 'not included';
  postgresVersion: string;
  note?: string;
}

/** DATA_DIR's own entries a backup leaves out: the live database (copied its own way) and who runs it. */
export const NOT_COPIED_FROM_DATA_DIR = new Set(['postgres', 'postgres.owner']);

export async function writeManifest(folder: string, manifest: Manifest) {
  await writeFile(path.join(folder, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
}

export async function readManifest(folder: string): Promise<Manifest> {
  const text = await readFile(path.join(folder, MANIFEST), 'utf8').catch(() => null);
  if (!text) throw new Error(`${folder} is not a ReadAlong backup (it has no ${MANIFEST}).`);
  return JSON.parse(text) as Manifest;
}

const isGone = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Copies the folder `from` into `to`, leaving out what `skip` names (paths relative to `from`). A file that
 * disappears while it is copied (a running database drops temporary files) is no error.
 */
export async function copyTree(
  from: string,
  to: string,
  skip: (relative: string) => boolean = () => false,
  relative = '',
): Promise<void> {
  await mkdir(path.join(to, relative), { recursive: true });
  const entries = await readdir(path.join(from, relative), { withFileTypes: true }).catch(
    (error: unknown) => {
      if (isGone(error)) return [];
      throw error;
    },
  );
  for (const entry of entries) {
    const name = path.join(relative, entry.name);
    if (skip(name)) continue;
    if (entry.isDirectory()) await copyTree(from, to, skip, name);
    else if (entry.isFile()) {
      await copyFile(path.join(from, name), path.join(to, name)).catch((error: unknown) => {
        if (!isGone(error)) throw error;
      });
    }
  }
}

/** The major version of a pg_dump or pg_restore on PATH, or null when there is none. */
export async function toolMajorVersion(tool: 'pg_dump' | 'pg_restore'): Promise<number | null> {
  const answer = await runProgram(tool, ['--version']).catch(() => null);
  const match = answer?.stdout.toString().match(/(\d+)(?:\.\d+)?/);
  return match ? Number(match[1]) : null;
}
