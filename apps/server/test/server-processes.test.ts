/**
 * Several server processes from one start (WEB_CONCURRENCY, docs/rules.md O17): the first process prepares and
 * forks the others, which serve on its port; SIGTERM stops them all and the embedded PostgreSQL.
 */
import { readFile, readlink, rm } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createDataDir,
  isRunning,
  postgresPid,
  startServer,
  stopServer,
  untilHealthy,
  type ServerProcess,
} from './server-process.js';

let server: ServerProcess | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  if (server) await stopServer(server);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The Node processes `pid` forked (by their program, not their name: Node 24 names its main thread "MainThread"). */
async function serverProcessesOf(pid: number): Promise<number[]> {
  const children = (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8')).split(' ').filter(Boolean);
  const programs = await Promise.all(
    children.map(async (child) => ({ child, program: await readlink(`/proc/${child}/exe`) })),
  );
  return programs.filter(({ program }) => program === process.execPath).map(({ child }) => Number(child));
}

describe('several server processes', () => {
  it(
    'serve one port on the first process’s database, and SIGTERM stops every one and PostgreSQL',
    { timeout: 90_000 },
    async () => {
      dataDir = await createDataDir();
      server = await startServer(dataDir, { WEB_CONCURRENCY: '2' });
      await untilHealthy(server);
      // The first process says so once every one listens.
      while (!server.output().includes('(2 server processes)')) await sleep(100);
      const serving = await serverProcessesOf(server.child.pid!);
      expect(serving).toHaveLength(2);
      const postgres = (await postgresPid(dataDir))!;

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      server = undefined;
      for (const pid of [...serving, postgres]) expect(await isRunning(pid)).toBe(false);
    },
  );
});
