/**
 * An authenticated hot read against its physical peer. The real product (src/main.ts, default settings, request
 * logging as shipped) answers GET /api/v2/students/user-details for a signed-in student: a bearer check and two
 * primary-key reads. Beside it, in the same run, bare Fastify does the same two reads on the same PostgreSQL with
 * the same pool size (support/peer-server.ts). autocannon drives each in turn with the same settings (2 s warm-up,
 * then a measured window), alternating real and peer over several rounds; the figure is real ÷ peer requests/s.
 * Writes bench/results/hot-read.md; `npm run bench:hot-read` alone or within `npm run bench`.
 */
import autocannon from 'autocannon';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contracts } from '@readalong/contracts';
import { startServer, type RunningServer } from './support/server.js';
import { BENCH_PASSWORD, createWorld } from './support/world.js';
import { generatedBy, loadAverage, writeResults } from './support/report.js';
import { POOL_SIZE } from '../src/db/database.js';

const RESULTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'hot-read.md');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARM_UP_S = 2;
const MEASURE_S = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** The server process's CPU time (all threads) per answered request, in microseconds. */
  cpuUs: number;
}

async function drive(
  server: RunningServer,
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<Measured> {
  const cpuBefore = server.cpuSeconds();
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuUs: ((server.cpuSeconds() - cpuBefore) * 1e6) / result.requests.total,
  };
}

async function measure(server: RunningServer, path: string, headers: Record<string, string>) {
  await drive(server, server.url + path, headers, WARM_UP_S);
  return drive(server, server.url + path, headers, MEASURE_S);
}

const world = await createWorld(25);
const env = {
  DATABASE_URL: world.database.url,
  DATA_DIR: path.join(world.dataDir, 'server'),
  SECRET_KEY: 'hot-read-bench-secret-key-0123456789abcdef',
  SEED_DEMO: 'false',
  NARRATION: 'false',
  // One process against the one-process peer: like for like (the morning bell runs production's several).
  WEB_CONCURRENCY: '1',
};
const real = await startServer('real', env, '/api/health').catch(async (error: unknown) => {
  // A server that does not start leaves no database behind.
  await world.close();
  throw error;
});
let peer: RunningServer | undefined;
try {
  const student = world.students[0]!;
  const signIn = await fetch(`${real.url}/api${contracts.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: student.username, password: BENCH_PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string };
  peer = await startServer(
    'peer',
    { DATABASE_URL: world.database.url, PEER_USER_ID: String(student.id), PEER_SESSION_ID: claims.sid },
    '/peer',
  );

  const realPath = `/api${contracts.getUserDetails.path}`;
  const auth = { authorization: `Bearer ${token}` };
  const check = await fetch(real.url + realPath, { headers: auth });
  const peerCheck = await fetch(`${peer.url}/peer`);
  const [realBody, peerBody] = [await check.text(), await peerCheck.text()];
  if (!check.ok || realBody !== peerBody)
    throw new Error(`real and peer answer differently:\n${check.status} ${realBody}\n${peerBody}`);

  const loadBefore = loadAverage();
  const rounds: { real: Measured; peer: Measured }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const realRun = await measure(real, realPath, auth);
    const peerRun = await measure(peer, '/peer', {});
    rounds.push({ real: realRun, peer: peerRun });
    console.log(
      `round ${round + 1}: real ${realRun.rps.toFixed(0)}/s ${realRun.cpuUs.toFixed(0)} µs, ` +
        `peer ${peerRun.rps.toFixed(0)}/s ${peerRun.cpuUs.toFixed(0)} µs, ` +
        `ratio ${((100 * realRun.rps) / peerRun.rps).toFixed(0)} %`,
    );
  }
  const sum = (pick: (run: { real: Measured; peer: Measured }) => number) =>
    rounds.reduce((total, run) => total + pick(run), 0);
  const ratio = sum((run) => run.real.rps) / sum((run) => run.peer.rps);
  const cpuRatio = sum((run) => run.peer.cpuUs) / sum((run) => run.real.cpuUs);
  const row = (name: string, run: Measured) =>
    `| ${name} | ${run.rps.toFixed(0)} | ${run.p50} | ${run.p99} | ${run.non2xx + run.errors} | ` +
    `${run.cpuUs.toFixed(0)} |`;
  const report = [
    '# Hot read against its physical peer',
    '',
    generatedBy('bench:hot-read', loadBefore),
    '',
    `Real: GET /api${contracts.getUserDetails.path} on the product as \`npm start\` runs it (default settings, ` +
      `request logging at info to stdout), with a student's bearer token. Peer: bare Fastify doing the same two ` +
      `primary-key reads (session with its user, then the student) on the same PostgreSQL, pool of ${POOL_SIZE} ` +
      `on both. autocannon in the bench process (it uses a good part of one of the cores), ${CONNECTIONS} ` +
      `connections, ${WARM_UP_S} s warm-up then ${MEASURE_S} s measured, real then peer, ${ROUNDS} rounds.`,
    '',
    `**Real ÷ peer: ${(100 * ratio).toFixed(0)} %** (requests/s summed over the rounds). By the CPU each ` +
      `server process spends a request (less swayed by other load on the machine), the peer's CPU a request ` +
      `÷ the real one's: ${(100 * cpuRatio).toFixed(0)} %.`,
    '',
    '| run | requests/s | p50 (ms) | p99 (ms) | errors | server CPU a request (µs) |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rounds.flatMap((run, index) => [
      row(`real, round ${index + 1}`, run.real),
      row(`peer, round ${index + 1}`, run.peer),
    ]),
    '',
  ].join('\n');
  await writeResults(RESULTS, report);
} finally {
  await peer?.stop();
  await real.stop();
  await world.close();
}
