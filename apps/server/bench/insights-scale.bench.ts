/**
 * Insights at district scale (docs/rules.md IN1–IN11). Builds a synthetic district through the real schema
 * (support/district-scale.ts: 50,000 students in 40 schools with a school year of activity at BENCH_SCALE=1), starts
 * the real product on it (src/main.ts as `npm start` runs it) and times every insights call, and the district
 * overview, through HTTP for a teacher, an owner and the department head: one request at a time (latency, not
 * throughput), BENCH_REQUESTS of each after a warm-up, p50/p95/p99 against a 200 ms p95 budget. Then the slowest call
 * runs once more in-process with its SQL captured, and the slowest statement's `EXPLAIN (ANALYZE, BUFFERS)` goes into
 * the results. Embedded PostgreSQL in a temporary folder unless DATABASE_URL names a database to use: an empty one is
 * migrated and filled, one an earlier run filled is timed again as it is (migrated first). Writes
 * bench/results/insights-scale.md; `npm run bench:insights`.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { contracts } from '@readalong/contracts';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import * as schema from '../src/db/schema/index.js';
import { buildApp } from '../src/http/app.js';
import { hashPassword } from '../src/platform/passwords.js';
import { importLibrary } from '../src/seed/library-import.js';
import { seedReferenceData } from '../src/seed/reference-data.js';
import { createServerDeps } from '../src/server-deps.js';
import { buildDistrict, districtBuiltBefore, SCHOOLS, type BuiltDistrict } from './support/district-scale.js';
import { generatedBy, loadAverage, writeResults } from './support/report.js';
import { startServer } from './support/server.js';

/** BENCH_RESULTS writes elsewhere: a quick run at a small scale need not replace the full run's results. */
const RESULTS =
  process.env.BENCH_RESULTS ??
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'insights-scale.md');
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const WARM_UP = 3;
const BUDGET_MS = 200;
const PASSWORD = 'insights at scale';
const STUDENTS = Math.round(50_000 * SCALE);

type Role = 'teacher' | 'owner' | 'head';

/** A call as the screens send it, for a role: its path with the query the screen adds. */
interface Call {
  name: string;
  url: (user: BuiltDistrict[Role]) => string;
  roles: Role[];
}

const path$ = (name: keyof typeof contracts, id?: number) =>
  `/api${contracts[name].path.replace('{id}', String(id ?? ''))}`;
const ALL: Role[] = ['teacher', 'owner', 'head'];

/** Every insights call (IN2–IN9) and the district overview (IN11), with the screens' default periods. */
const CALLS: Call[] = [
  { name: 'student-count', url: () => path$('getStudentCount'), roles: ALL },
  { name: 'insights', url: () => path$('getInsights'), roles: ALL },
  { name: 'colour-band-by-series', url: () => path$('getStudentColourBandBySeries'), roles: ALL },
  { name: 'activity (28 days)', url: () => path$('getClassActivity'), roles: ALL },
  { name: 'weekly-activity (all, page 1)', url: () => `${path$('getWeeklyActivity')}?all=true`, roles: ALL },
  { name: 'weekly-activity/{id}', url: (user) => path$('getClassWeeklyActivity', user.classId), roles: ALL },
  { name: 'level-progression', url: () => path$('getLevelProgression'), roles: ALL },
  {
    name: 'reading-overview (a class)',
    url: (user) => `${path$('getClassesReadingOverview')}?class_ids=${user.classId}`,
    roles: ALL,
  },
  {
    name: 'reading-overview-paginated (by name)',
    url: () => path$('getClassesReadingOverviewPaginated'),
    roles: ALL,
  },
  {
    name: 'reading-overview-paginated (by books)',
    url: () => `${path$('getClassesReadingOverviewPaginated')}?sort=books_completed&order=desc`,
    roles: ALL,
  },
  { name: 'learning-outcome-performance', url: () => path$('getLearningOutcomePerformance'), roles: ALL },
  { name: 'districts/overview', url: () => path$('getDistrictOverview'), roles: ['head'] },
];

interface Timing {
  call: string;
  role: Role;
  url: string;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

async function signIn(base: string, username: string): Promise<string> {
  const response = await fetch(`${base}/api${contracts.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${username}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** One request at a time: each answer's wall time, in milliseconds. */
async function time(base: string, url: string, token: string): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < WARM_UP + REQUESTS; index += 1) {
    const started = performance.now();
    const response = await fetch(base + url, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.text();
    if (!response.ok) throw new Error(`${url}: ${response.status} ${body.slice(0, 300)}`);
    if (index >= WARM_UP) times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

async function timeEveryCall(base: string, district: BuiltDistrict, tokens: Record<Role, string>) {
  const timings: Timing[] = [];
  for (const call of CALLS) {
    for (const role of call.roles) {
      const url = call.url(district[role]);
      const times = await time(base, url, tokens[role]);
      const timing = {
        call: call.name,
        role,
        url,
        p50: quantile(times, 0.5),
        p95: quantile(times, 0.95),
        p99: quantile(times, 0.99),
        max: times.at(-1)!,
      };
      console.log(`  ${call.name} (${role}): p50 ${timing.p50.toFixed(0)} p95 ${timing.p95.toFixed(0)} ms`);
      timings.push(timing);
    }
  }
  return timings;
}

/**
 * The slowest call once more, in-process on a database handle that records its SQL, then each statement it sent
 * under EXPLAIN (ANALYZE, BUFFERS): the slowest statement's plan.
 */
async function explainSlowest(env: Record<string, string>, timing: Timing, token: string) {
  const sent: { query: string; params: unknown[] }[] = [];
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 4 });
  const db = drizzle(pool, {
    schema,
    casing: 'snake_case',
    logger: { logQuery: (query, params) => sent.push({ query, params }) },
  });
  const app = await buildApp(await createServerDeps(loadConfig({ ...env, LOG_LEVEL: 'silent' }), db), {
    logger: false,
  });
  try {
    await app.inject({ url: timing.url, headers: { authorization: `Bearer ${token}` } });
    sent.length = 0;
    const response = await app.inject({ url: timing.url, headers: { authorization: `Bearer ${token}` } });
    if (response.statusCode !== 200) throw new Error(`${timing.url}: ${response.statusCode}`);
    let slowest = { ms: -1, plan: '', query: '' };
    for (const statement of sent) {
      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${statement.query}`,
        statement.params,
      );
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? 0);
      if (ms > slowest.ms) slowest = { ms, plan, query: statement.query };
    }
    return { statements: sent.length, ...slowest };
  } finally {
    await app.close();
    await pool.end();
  }
}

function report(
  district: BuiltDistrict,
  timings: Timing[],
  explained: Awaited<ReturnType<typeof explainSlowest>>,
  loadBefore: string,
  database: string,
) {
  const ms = (value: number) => value.toFixed(0);
  const slowest = timings.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  const misses = timings.filter((timing) => timing.p95 > BUDGET_MS);
  const build = Object.values(district.seconds).reduce((a, b) => a + b, 0);
  return [
    '# Insights at district scale',
    '',
    // The script's name is not the file's: bench:insights runs insights-scale.bench.ts.
    generatedBy('bench:insights', loadBefore).replace('insights.bench.ts', 'insights-scale.bench.ts'),
    '',
    `BENCH_SCALE=${SCALE}: ${STUDENTS.toLocaleString('en')} students in ${SCHOOLS} schools, built through the ` +
      `migrations on ${database} ${build > 0 ? `in ${build.toFixed(0)} s` : 'by an earlier run'}. Rows: ` +
      Object.entries(district.rows)
        .map(([table, n]) => `${table} ${n.toLocaleString('en')}`)
        .join(', ') +
      '.',
    '',
    `Each call: ${WARM_UP} warm-up requests, then ${REQUESTS} one at a time through HTTP (the real server, its own ` +
      `process); milliseconds from sending to the last byte. Budget: p95 ≤ ${BUDGET_MS} ms. ` +
      (misses.length === 0
        ? '**Every call within budget.**'
        : `**${misses.length} over budget:** ${misses.map((m) => `${m.call} (${m.role})`).join(', ')}.`),
    '',
    '| call | role | p50 | p95 | p99 | max |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...timings.map(
      (t) =>
        `| ${t.call} | ${t.role} | ${ms(t.p50)} | ${t.p95 > BUDGET_MS ? `**${ms(t.p95)}**` : ms(t.p95)} | ` +
        `${ms(t.p99)} | ${ms(t.max)} |`,
    ),
    '',
    `## The slowest: ${slowest.call} (${slowest.role}), p95 ${ms(slowest.p95)} ms`,
    '',
    `\`GET ${slowest.url}\` sent ${explained.statements} statements; the slowest of them, ` +
      `${explained.ms.toFixed(1)} ms under EXPLAIN (ANALYZE, BUFFERS):`,
    '',
    '```sql',
    explained.query,
    '```',
    '',
    '```',
    explained.plan,
    '```',
  ].join('\n');
}

async function openBenchDatabase() {
  if (process.env.DATABASE_URL) {
    const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '' });
    return {
      database,
      dataDir: await mkdtemp(path.join(os.tmpdir(), 'readalong-insights-')),
      where: 'DATABASE_URL',
    };
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'readalong-insights-'));
  // As root the embedded server runs as the postgres user, who must be able to enter this folder.
  await chmod(dataDir, 0o755);
  const database = await openDatabase({ databaseUrl: undefined, dataDir: path.join(dataDir, 'data') });
  return { database, dataDir, where: 'the embedded PostgreSQL' };
}

const loadBefore = loadAverage();
const { database, dataDir, where } = await openBenchDatabase();
try {
  console.log(`building ${STUDENTS} students in ${SCHOOLS} schools (BENCH_SCALE=${SCALE})`);
  await seedReferenceData(database.db);
  await importLibrary(database.db);
  const district =
    (await districtBuiltBefore(database.db)) ??
    (await buildDistrict(database.db, { students: STUDENTS, passwordHash: await hashPassword(PASSWORD) }));
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: path.join(dataDir, 'server'),
    SECRET_KEY: 'insights-scale-bench-secret-key-0123456789',
    SEED_DEMO: 'false',
    NARRATION: 'false',
  };
  const server = await startServer('real', env, '/api/health');
  try {
    const tokens = {
      teacher: await signIn(server.url, district.teacher.username),
      owner: await signIn(server.url, district.owner.username),
      head: await signIn(server.url, district.head.username),
    };
    console.log(`timing ${REQUESTS} requests of each call`);
    const timings = await timeEveryCall(server.url, district, tokens);
    const slowest = timings.reduce((a, b) => (b.p95 > a.p95 ? b : a));
    const explained = await explainSlowest(env, slowest, tokens[slowest.role]);
    await writeResults(RESULTS, report(district, timings, explained, loadBefore, where));
  } finally {
    await server.stop();
  }
} finally {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
