/**
 * The real server as a child process (`node --import tsx src/main.ts`), for tests that kill it, restart it or run the
 * operations commands next to it. It always uses the embedded PostgreSQL in its own DATA_DIR, whatever the run's
 * DATABASE_URL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../src/db/embedded-postgres.js';

const serverRoot = path.resolve(import.meta.dirname, '..');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves with the exit code once it has ended. */
  exited: Promise<number | null>;
}

export async function createDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'readalong-process-'));
  // As root the embedded server runs as the postgres user, who must be able to enter this folder.
  await chmod(dir, 0o755);
  return dir;
}

/** The environment of a server or command on `dataDir`: the embedded database, no demo, library or narration. */
export function processEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    NARRATION: 'false',
    // No library (a folder that is never made): importing it is a third of a first start.
    LIBRARY_DIR: path.join(dataDir, 'no-library'),
    LOG_LEVEL: 'warn',
    ...extra,
  };
  if (!('DATABASE_URL' in extra)) delete env.DATABASE_URL;
  return env;
}

/** Runs a server script of src/ (main.ts, ops/backup.ts …) with `args`. */
export function runScript(
  script: string,
  env: NodeJS.ProcessEnv,
  args: string[] = [],
): Omit<ServerProcess, 'port'> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('src', script), ...args], {
    cwd: serverRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export async function startServer(
  dataDir: string,
  extra: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = extra.PORT ? Number(extra.PORT) : await freePort();
  const server = { ...runScript('main.ts', processEnv(dataDir, { PORT: String(port), ...extra })), port };
  return server;
}

/** Waits until the server answers /api/health; fails with its output if it ends first. */
export async function untilHealthy(server: ServerProcess): Promise<void> {
  let ended = false;
  void server.exited.then(() => (ended = true));
  while (!ended) {
    const answer = await fetch(`http://127.0.0.1:${server.port}/api/health`).catch(() => null);
    if (answer?.ok) return;
    await sleep(100);
  }
  throw new Error(`the server ended before it was healthy:\n${server.output()}`);
}

/** Stops the server as Ctrl-C would and waits for it to end. */
export async function stopServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  await server.exited;
}

/** The process id of the embedded PostgreSQL running on `dataDir`, from its lock file (null without one). */
export async function postgresPid(dataDir: string): Promise<number | null> {
  const lockFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(lockFile)) return null;
  return Number((await readFile(lockFile, 'utf8')).split('\n')[0]);
}

/** Whether the process runs (an ended one not yet reaped by its parent, a zombie, does not). */
export async function isRunning(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  return stat !== null && stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
}
