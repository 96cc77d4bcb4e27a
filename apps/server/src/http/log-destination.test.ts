/** The batched log destination loses no line: what it holds is written within a second, and all of it on close. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { batchedLog } from './log-destination.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'log-destination-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const waitFor = async (check: () => Promise<boolean>) => {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
};

it('writes the lines it holds on close', async () => {
  const file = path.join(dir, 'log');
  const log = batchedLog(file);
  await new Promise((resolve) => log.destination.once('ready', resolve));
  log.destination.write('first\n');
  log.destination.write('second\n');
  log.close();
  expect(await readFile(file, 'utf8')).toBe('first\nsecond\n');
});

it('writes a line held alone without waiting for more', async () => {
  const file = path.join(dir, 'log');
  const log = batchedLog(file);
  log.destination.write('alone\n');
  await waitFor(async () => (await readFile(file, 'utf8').catch(() => '')) === 'alone\n');
  log.close();
});
