/**
 * The morning bell, open loop: students arrive at a steady rate, each signs in (POST /api/login) and then opens the
 * student home page three times — its six reads at once, as the web app asks for them (user details, the power
 * builders of their level, alerts, assignments, whether any are new, submitted passages). Arrivals are scheduled
 * by the clock, not by answers, so a slow server meets the same demand (latency counts from each request's
 * scheduled start). The product runs as `npm start` runs it (support/server.ts), with RATE_LIMIT_SIGN_IN raised:
 * every student signs in from 127.0.0.1 here, where a school's come from many addresses or its own proxy.
 * Writes bench/results/morning-bell.md; `npm run bench:morning-bell` alone or within `npm run bench`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { STUDENT_ALERT_TYPES, contracts } from '@readalong/contracts';
import { loadConfig } from '../src/config.js';
import { startServer, type RunningServer } from './support/server.js';
import { BENCH_PASSWORD, createWorld, type BenchStudent } from './support/world.js';
import { generatedBy, loadAverage, writeResults } from './support/report.js';
import { measureRoute, routeCostsTable, type RouteCost } from './support/route-costs.js';

const RESULTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'morning-bell.md');
const RATES = (process.env.BENCH_RATES ?? '40,80').split(',').filter(Boolean).map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const HOME_VISITS = 3;
/** Requests a route for the cost of each route alone, before the open loop; 0 leaves it out. */
const ROUTE_COST_REQUESTS = Number(process.env.BENCH_ROUTE_COSTS ?? 0);
/** The goal at 80 arrivals a second (issue 12). */
const GOAL = { signInP99: 1000, readsP99: 250 };

const HOME_READS = [
  `/api${contracts.getUserDetails.path}`,
  `/api${contracts.listPassages.path}?type_id=2`,
  `/api${contracts.getAlerts.path}?types=${STUDENT_ALERT_TYPES.join(',')}&page=1&limit=5`,
  `/api${contracts.listAssignments.path}`,
  `/api${contracts.haveNewAssignments.path}`,
  `/api${contracts.getSubmittedPassages.path}`,
];

interface Outcome {
  rate: number;
  students: number;
  signIns: number[];
  reads: number[];
  errors: Map<string, number>;
  lateStartMs: number;
  wallSeconds: number;
  /** The server process's CPU time (all threads) per student, in milliseconds. */
  cpuMsPerStudent: number;
}

const percentile = (values: number[], p: number) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function runRate(server: RunningServer, rate: number, students: BenchStudent[]): Promise<Outcome> {
  // Enough connections that the driver never queues: each student is a browser of their own.
  const pool = new Pool(server.url, { connections: 1024, pipelining: 1 });
  const cpuBefore = server.cpuSeconds();
  const outcome: Outcome = {
    rate,
    students: 0,
    signIns: [],
    reads: [],
    errors: new Map(),
    lateStartMs: 0,
    wallSeconds: 0,
    cpuMsPerStudent: 0,
  };
  const fail = (what: string) => outcome.errors.set(what, (outcome.errors.get(what) ?? 0) + 1);
  const call = async (
    method: 'GET' | 'POST',
    route: string,
    headers: Record<string, string>,
    body?: string,
  ) => {
    const response = await pool.request({ method, path: route, headers, body });
    const text = await response.body.text();
    if (response.statusCode >= 400)
      throw new Error(`${response.statusCode} ${method} ${route.split('?')[0]}`);
    return text;
  };

  async function student(who: BenchStudent, scheduled: number) {
    let token: string;
    try {
      const text = await call(
        'POST',
        `/api${contracts.login.path}`,
        { 'content-type': 'application/json' },
        JSON.stringify({ username: who.username, password: BENCH_PASSWORD }),
      );
      outcome.signIns.push(performance.now() - scheduled);
      token = (JSON.parse(text) as { access_token: string }).access_token;
    } catch (error) {
      fail(`sign-in: ${(error as Error).message}`);
      return;
    }
    const auth = { authorization: `Bearer ${token}` };
    for (let visit = 0; visit < HOME_VISITS; visit++) {
      await Promise.all(
        HOME_READS.map(async (route) => {
          const started = performance.now();
          try {
            await call('GET', route, auth);
            outcome.reads.push(performance.now() - started);
          } catch (error) {
            fail((error as Error).message);
          }
        }),
      );
    }
  }

  const count = Math.min(students.length, Math.round(rate * SECONDS));
  const began = performance.now();
  const running: Promise<void>[] = [];
  for (let index = 0; index < count; index++) {
    const scheduled = began + (index * 1000) / rate;
    const wait = scheduled - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    outcome.lateStartMs = Math.max(outcome.lateStartMs, performance.now() - scheduled);
    running.push(student(students[index]!, scheduled));
  }
  await Promise.all(running);
  outcome.wallSeconds = (performance.now() - began) / 1000;
  outcome.students = count;
  outcome.cpuMsPerStudent = ((server.cpuSeconds() - cpuBefore) * 1000) / count;
  await pool.close();
  return outcome;
}

/**
 * Each route alone: sign-in (students of their own, after the open loop's), the home page's six reads and the
 * session check (GET /validate) as one signed-in student.
 */
async function measureRoutes(server: RunningServer, students: BenchStudent[]): Promise<RouteCost[]> {
  const signIn = (who: BenchStudent) => ({
    method: 'POST' as const,
    path: `/api${contracts.login.path}`,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: who.username, password: BENCH_PASSWORD }),
  });
  const costs = [await measureRoute(server, 'sign-in', students.length, (index) => signIn(students[index]!))];
  const answer = await fetch(server.url + signIn(students[0]!).path, signIn(students[0]!));
  const { access_token: token } = (await answer.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}` };
  for (const route of [...HOME_READS, `/api${contracts.validate.path}`]) {
    const name = route.replace('/api', '').split('?')[0]!;
    costs.push(
      await measureRoute(server, name, ROUTE_COST_REQUESTS, () => ({
        method: 'GET',
        path: route,
        headers,
      })),
    );
  }
  return costs;
}

const total = RATES.reduce((sum, rate) => sum + Math.round(rate * SECONDS), 0);
// As many server processes as `npm start` runs here (O17), unless WEB_CONCURRENCY says otherwise.
const serverProcesses = loadConfig({ ...process.env, NODE_ENV: 'production' }).serverProcesses;
const world = await createWorld(total + ROUTE_COST_REQUESTS);
const server = await startServer(
  'real',
  {
    DATABASE_URL: world.database.url,
    DATA_DIR: path.join(world.dataDir, 'server'),
    SECRET_KEY: 'morning-bell-bench-secret-key-0123456789abcdef',
    SEED_DEMO: 'false',
    NARRATION: 'false',
    RATE_LIMIT_SIGN_IN: '100000',
    WEB_CONCURRENCY: String(serverProcesses),
  },
  '/api/health',
).catch(async (error: unknown) => {
  // A server that does not start leaves no database behind.
  await world.close();
  throw error;
});
try {
  const loadBefore = loadAverage();
  const routeCosts = ROUTE_COST_REQUESTS ? await measureRoutes(server, world.students.slice(total)) : [];
  if (routeCosts.length) console.log(routeCostsTable(routeCosts));
  const outcomes: Outcome[] = [];
  let first = 0;
  for (const rate of RATES) {
    const count = Math.round(rate * SECONDS);
    const outcome = await runRate(server, rate, world.students.slice(first, first + count));
    first += count;
    outcomes.push(outcome);
    console.log(
      `${rate}/s: sign-in p99 ${percentile(outcome.signIns, 99).toFixed(0)} ms, ` +
        `reads p99 ${percentile(outcome.reads, 99).toFixed(0)} ms, errors ${[...outcome.errors.values()].reduce((a, b) => a + b, 0)}`,
    );
  }
  const errorsOf = (outcome: Outcome) => [...outcome.errors.values()].reduce((sum, n) => sum + n, 0);
  const ms = (value: number) => value.toFixed(0);
  const at80 = outcomes.find((outcome) => outcome.rate === 80);
  const goalMet =
    at80 &&
    percentile(at80.signIns, 99) <= GOAL.signInP99 &&
    percentile(at80.reads, 99) <= GOAL.readsP99 &&
    errorsOf(at80) === 0;
  const report = [
    '# Morning bell (open loop)',
    '',
    generatedBy('bench:morning-bell', loadBefore),
    '',
    `Students arrive at a steady rate for ${SECONDS} s; each signs in, then opens the home page ${HOME_VISITS} ` +
      `times (its ${HOME_READS.length} reads at once each time). The product runs as \`npm start\` runs it ` +
      `(${serverProcesses} server processes), on the ` +
      'embedded PostgreSQL, with RATE_LIMIT_SIGN_IN raised (every sign-in comes from 127.0.0.1); the driver ' +
      "(undici, in the bench process) shares the 2 cores. Sign-in latency counts from the arrival's scheduled " +
      'time; each read from when it was sent. The server CPU a student (its sign-in and 18 reads, all threads, ' +
      'PostgreSQL not included) says how many arrivals a second a core could serve, whatever else loads the machine.',
    '',
    `Goal at 80 a second: sign-in p99 ≤ ${GOAL.signInP99} ms, reads p99 ≤ ${GOAL.readsP99} ms, no errors. ` +
      (at80 ? `**${goalMet ? 'Met' : 'Not met'}** in this run.` : 'Not run (no 80 in BENCH_RATES).'),
    '',
    '| arrivals/s | students | sign-in p50 / p99 (ms) | reads p50 / p99 (ms) | errors | arrivals late by at most (ms) | wall (s) | server CPU a student (ms) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...outcomes.map(
      (outcome) =>
        `| ${outcome.rate} | ${outcome.students} | ${ms(percentile(outcome.signIns, 50))} / ` +
        `${ms(percentile(outcome.signIns, 99))} | ${ms(percentile(outcome.reads, 50))} / ` +
        `${ms(percentile(outcome.reads, 99))} | ${errorsOf(outcome)}` +
        `${outcome.errors.size ? ` (${[...outcome.errors].map(([what, n]) => `${what}: ${n}`).join('; ')})` : ''} | ` +
        `${ms(outcome.lateStartMs)} | ${outcome.wallSeconds.toFixed(1)} | ${ms(outcome.cpuMsPerStudent)} |`,
    ),
    '',
    ...(routeCosts.length
      ? [
          `Each route alone, before the open loop (${ROUTE_COST_REQUESTS} requests, 4 at a time; PostgreSQL's ` +
            'own CPU not included):',
          '',
          routeCostsTable(routeCosts),
          '',
        ]
      : []),
  ].join('\n');
  await writeResults(RESULTS, report);
} finally {
  await server.stop();
  await world.close();
}
