/**
 * Roster import at scale (RI3): OneRoster 1.1 zips of 1,000, 5,000 and 10,000 students (a teacher and ~25 students a
 * class, each enrolled once) are imported through the real HTTP API, dry run then commit, each into a school of its
 * own, on the product as `npm start` runs it (support/server.ts). The server process's resident memory is sampled
 * from /proc while each phase runs: the import streams the file and stages its rows, so its peak should stay flat as
 * the file grows. The sizes run on the server as shipped and again with V8's old space capped (HEAPS). Writes bench/results/roster-import.md; `npm run bench:roster-import` alone or within `npm run bench`.
 */
import { openAsBlob } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contracts, type RosterImport } from '@readalong/contracts';
import type { z } from 'zod';
import { licencePacks, schools, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/platform/passwords.js';
import {
  bufferOf,
  oneRosterFiles,
  zipOf,
  type OneRoster,
} from '../src/modules/roster-import/roster-files.fixtures.js';
import { startServer, type RunningServer } from './support/server.js';
import { createWorld } from './support/world.js';
import { generatedBy, loadAverage, writeResults } from './support/report.js';

const RESULTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'roster-import.md');
const SIZES = (process.env.BENCH_ROSTER_SIZES ?? '1000,5000,10000').split(',').map(Number);
const CLASS_SIZE = 25;
const OWNER_PASSWORD = 'roster import bench';
const SAMPLE_MS = 50;

type Job = z.infer<typeof RosterImport>;

interface Outcome {
  /** The server's V8 old-space cap, or null as shipped. */
  heapMb: number | null;
  students: number;
  zipBytes: number;
  rows: number;
  rssBeforeMb: number;
  dryRun: { seconds: number; peakMb: number };
  commit: { seconds: number; peakMb: number };
  changes: Job['changes'];
}

/** A school's roster as a OneRoster export gives it: one teacher and CLASS_SIZE students a class. */
function rosterOf(studentCount: number, tag: string): OneRoster {
  const classCount = Math.ceil(studentCount / CLASS_SIZE);
  const roster: OneRoster = { users: [], classes: [], enrollments: [] };
  for (let c = 1; c <= classCount; c += 1) {
    roster.classes.push({ sourcedId: `${tag}-cls-${c}`, title: `Class ${c}` });
    roster.users.push({
      sourcedId: `${tag}-tea-${c}`,
      role: 'teacher',
      username: `${tag}.teacher.${c}`,
      givenName: 'Teacher',
      familyName: `Number ${c}`,
      email: `${tag}.teacher.${c}@school.example`,
    });
    roster.enrollments.push({
      classSourcedId: `${tag}-cls-${c}`,
      userSourcedId: `${tag}-tea-${c}`,
      role: 'teacher',
    });
  }
  for (let s = 1; s <= studentCount; s += 1) {
    const klass = Math.ceil(s / CLASS_SIZE);
    roster.users.push({
      sourcedId: `${tag}-stu-${s}`,
      role: 'student',
      username: `${tag}.student.${s}`,
      givenName: 'Student',
      familyName: `Number ${s}`,
      grades: String((s % 8) + 1).padStart(2, '0'),
    });
    roster.enrollments.push({
      classSourcedId: `${tag}-cls-${klass}`,
      userSourcedId: `${tag}-stu-${s}`,
      role: 'student',
    });
  }
  return roster;
}

/** The server's resident memory now, in MB (VmRSS of /proc/<pid>/status). */
async function rssMb(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** Runs `phase` while sampling the server's memory; answers its time and the highest sample. */
async function measured<T>(pid: number, phase: () => Promise<T>) {
  let peakMb = await rssMb(pid);
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peakMb = Math.max(peakMb, await rssMb(pid));
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  const started = performance.now();
  const result = await phase();
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await sampler;
  return { result, seconds, peakMb };
}

async function api(server: RunningServer, token: string, method: string, route: string, body?: FormData) {
  const response = await fetch(`${server.url}/api${route}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    body,
  });
  if (response.status >= 400)
    throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Job;
}

async function settled(server: RunningServer, token: string, id: number) {
  for (;;) {
    const job = await api(server, token, 'GET', contracts.getRosterImport.path.replace('{id}', String(id)));
    if (job.status !== 'validating' && job.status !== 'committing') return job;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function importOnce(server: RunningServer, token: string, zipPath: string) {
  const form = new FormData();
  form.append('file', await openAsBlob(zipPath), path.basename(zipPath));
  const dryRun = await measured(server.pid, async () => {
    const started = await api(server, token, 'POST', contracts.startRosterImport.path, form);
    return settled(server, token, started.id);
  });
  if (dryRun.result.status !== 'ready')
    throw new Error(`dry run ${dryRun.result.status}: ${JSON.stringify(dryRun.result.problems.slice(0, 3))}`);
  const commitPath = contracts.commitRosterImport.path.replace('{id}', String(dryRun.result.id));
  const commit = await measured(server.pid, async () => {
    await api(server, token, 'POST', commitPath);
    return settled(server, token, dryRun.result.id);
  });
  if (commit.result.status !== 'committed')
    throw new Error(`commit ${commit.result.status}: ${commit.result.error}`);
  return { dryRun, commit, job: commit.result };
}

/**
 * The server as shipped, and again with V8's old space capped: uncapped, V8 lets garbage pile up before it collects,
 * so a peak follows how much a phase allocates in all; capped, it shows what the import keeps.
 */
const HEAPS: (number | null)[] = [null, Number(process.env.BENCH_ROSTER_HEAP_MB ?? 128)];

const world = await createWorld(0);
const workDir = await mkdtemp(path.join(os.tmpdir(), 'roster-import-bench-'));
const { db } = world.database;
const [district] = await db.select({ id: schools.districtId }).from(schools);
const passwordHash = await hashPassword(OWNER_PASSWORD);

/** A school of its own for one import, with an owner and seats for every student. */
async function placeFor(size: number, heapMb: number | null) {
  const tag = `${heapMb ?? 'full'}-${size}`;
  const [place] = await db
    .insert(schools)
    .values({ districtId: district!.id, name: `Import ${tag}` })
    .returning();
  await db.insert(licencePacks).values({
    schoolId: place!.id,
    name: 'Bench',
    seats: size,
    startsOn: '2000-01-01',
    endsOn: '2999-12-31',
  });
  const username = `bench.owner.${tag}`;
  await db.insert(users).values({
    username,
    passwordHash,
    role: 'owner',
    firstName: 'Bench',
    lastName: 'Owner',
    email: `${username}@school.example`,
    districtId: district!.id,
    schoolId: place!.id,
  });
  const zipPath = path.join(workDir, `oneroster-${tag}.zip`);
  await writeFile(zipPath, await bufferOf(zipOf(oneRosterFiles(rosterOf(size, `s${tag}`)))));
  return { username, zipPath };
}

async function runServer(heapMb: number | null): Promise<Outcome[]> {
  const places = [];
  for (const size of SIZES) places.push({ size, ...(await placeFor(size, heapMb)) });
  const server = await startServer(
    'real',
    {
      DATABASE_URL: world.database.url,
      DATA_DIR: path.join(world.dataDir, 'server'),
      SECRET_KEY: 'roster-import-bench-secret-key-0123456789abcdef',
      SEED_DEMO: 'false',
      NARRATION: 'false',
      NODE_OPTIONS: heapMb ? `--max-old-space-size=${heapMb}` : '',
    },
    '/api/health',
  );
  try {
    const outcomes: Outcome[] = [];
    for (const { size, username, zipPath } of places) {
      const login = await fetch(`${server.url}/api${contracts.login.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: OWNER_PASSWORD }),
      });
      const { access_token: token } = (await login.json()) as { access_token: string };
      const rssBeforeMb = await rssMb(server.pid);
      const { dryRun, commit, job } = await importOnce(server, token, zipPath);
      outcomes.push({
        heapMb,
        students: size,
        zipBytes: (await stat(zipPath)).size,
        rows: job.progress.total ?? 0,
        rssBeforeMb,
        dryRun: { seconds: dryRun.seconds, peakMb: dryRun.peakMb },
        commit: { seconds: commit.seconds, peakMb: commit.peakMb },
        changes: job.changes,
      });
      console.log(
        `${heapMb ? `old space ${heapMb} MB` : 'as shipped'}, ${size}: dry run ${dryRun.seconds.toFixed(1)} s ` +
          `(peak ${dryRun.peakMb.toFixed(0)} MB), commit ${commit.seconds.toFixed(1)} s (peak ${commit.peakMb.toFixed(0)} MB)`,
      );
    }
    return outcomes;
  } finally {
    await server.stop();
  }
}

try {
  const loadBefore = loadAverage();
  const outcomes: Outcome[] = [];
  for (const heapMb of HEAPS) outcomes.push(...(await runServer(heapMb)));
  const mb = (value: number) => value.toFixed(0);
  const report = [
    '# Roster import (OneRoster 1.1 zip)',
    '',
    generatedBy('bench:roster-import', loadBefore),
    '',
    'Each size is imported into a school of its own through the HTTP API, as the import screen does it: the zip is ' +
      'uploaded (multipart), the dry run polled until `ready`, then the commit polled until `committed`. A class is ' +
      `a teacher and ${CLASS_SIZE} students; every person and enrolment is new, no passwords are given (OneRoster ` +
      'exports seldom carry them; a password given costs one Argon2id hash). The server runs as `npm start` runs ' +
      `it, on the embedded PostgreSQL; its resident memory (VmRSS) is sampled every ${SAMPLE_MS} ms during each ` +
      "phase. PostgreSQL's own memory is not the server's and is not counted. The sizes run twice: on the server " +
      `as shipped, and on one whose V8 old space is capped at ${HEAPS[1]} MB (\`--max-old-space-size\`). Uncapped, ` +
      'V8 lets garbage pile up before collecting, so the peak follows what a phase allocates in all; capped, the ' +
      'peak is what the import keeps, and a server that kept the file would run out of heap on the larger files.',
    '',
    '| server heap | students | zip (KB) | rows read | RSS before (MB) | dry run (s) | peak RSS, dry run (MB) | commit (s) | peak RSS, commit (MB) | created (students / teachers / classes / enrolments) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...outcomes.map(
      (outcome) =>
        `| ${outcome.heapMb ? `old space ${outcome.heapMb} MB` : 'as shipped'} | ${outcome.students} | ` +
        `${(outcome.zipBytes / 1024).toFixed(0)} | ${outcome.rows} | ${mb(outcome.rssBeforeMb)} | ` +
        `${outcome.dryRun.seconds.toFixed(1)} | ${mb(outcome.dryRun.peakMb)} | ${outcome.commit.seconds.toFixed(1)} | ` +
        `${mb(outcome.commit.peakMb)} | ${outcome.changes?.students.created} / ${outcome.changes?.teachers.created} / ` +
        `${outcome.changes?.classes.created} / ${outcome.changes?.enrolments.created} |`,
    ),
    '',
  ].join('\n');
  await writeResults(RESULTS, report);
} finally {
  await world.close();
  await rm(workDir, { recursive: true, force: true });
}
