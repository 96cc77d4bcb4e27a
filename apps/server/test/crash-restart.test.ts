/**
 * The server as a real process: killed with `kill -9`, it starts again (docs/rules.md O1, O3); a start that fails
 * says why (O2).
 */
import { existsSync } from 'node:fs';
import { mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
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

const running: ServerProcess[] = [];
const dataDirs: string[] = [];

async function start(dataDir: string, extra: Record<string, string> = {}) {
  const server = await startServer(dataDir, extra);
  running.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map(stopServer));
  await Promise.all(dataDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function newDataDir() {
  const dir = await createDataDir();
  dataDirs.push(dir);
  return dir;
}

/** A file written two hours ago, as an upload cut short by a crash leaves it. */
async function leaveOldFile(file: string) {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, 'half an upload');
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
  await utimes(file, twoHoursAgo, twoHoursAgo);
}

async function untilGone(file: string) {
  while (existsSync(file)) await sleep(100);
}

describe('starting again after a crash', () => {
  it('stops the database a killed server left running, serves again and sweeps the files a crash left', async () => {
    const dataDir = await newDataDir();
    const first = await start(dataDir);
    await untilHealthy(first);
    const leftRunning = await postgresPid(dataDir);

    first.child.kill('SIGKILL');
    await first.exited;
    expect(await isRunning(leftRunning!)).toBe(true);
    const orphanAudio = path.join(dataDir, 'files/recordings/7/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0.webm');
    const orphanUpload = path.join(dataDir, 'files/.incoming/3c2b1a09-8f7e-6d5c-4b3a-291807f6e5d4');
    await leaveOldFile(orphanAudio);
    await leaveOldFile(orphanUpload);
    const unreadRoster = path.join(dataDir, 'roster-imports/5e4d3c2b-1a09-4f7e-8d5c-4b3a291807f6');
    await leaveOldFile(unreadRoster);

    const second = await start(dataDir);
    await untilHealthy(second);
    expect(await isRunning(leftRunning!)).toBe(false);
    await untilGone(orphanAudio);
    await untilGone(orphanUpload);
    await untilGone(unreadRoster);
  }, 300_000);

  it('refuses a second server on a DATA_DIR in use, and the first keeps serving', async () => {
    const dataDir = await newDataDir();
    const first = await start(dataDir);
    await untilHealthy(first);

    const second = await start(dataDir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`is in use by a running server (process ${first.child.pid})`);
    const health = await fetch(`http://127.0.0.1:${first.port}/api/health`);
    expect(health.status).toBe(200);
  }, 300_000);
});

describe('a start that fails', () => {
  it('prints the cause in words, without the password', async () => {
    const dataDir = await newDataDir();
    const server = await start(dataDir, {
      DATABASE_URL: 'postgres://readalong:hunter2-secret@localhost:1/readalong',
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('DATABASE_URL: cannot connect to localhost:1/readalong');
    expect(server.output()).toContain('ECONNREFUSED');
    expect(server.output()).not.toContain('hunter2-secret');
  }, 30_000);
});
