/**
 * Starts the product. The first process prepares, once: database (embedded unless DATABASE_URL), migrations, the
 * secret key, reference data, the library, demo seed, and the sweep of what a crash left. Then it serves HTTP
 * itself, or forks that many server processes that share its port (WEB_CONCURRENCY, O17). Every serving process
 * runs the background work, shared through PostgreSQL as several servers share it (O10–O12): recordings' audio past
 * retention, licence packs ending, inactivity alerts, and narration of the pages that have none yet.
 */
import cluster, { type Worker } from 'node:cluster';
import { once } from 'node:events';
import pino from 'pino';
import { loadConfig, type Config } from './config.js';
import { connect, openDatabase } from './db/database.js';
import type { Deps } from './deps.js';
import { createServerDeps } from './server-deps.js';
import { buildApp } from './http/app.js';
import { seedDemoIfEmpty } from './seed/demo-district.js';
import { seedReferenceData } from './seed/reference-data.js';
import { describeImport, importLibrary } from './seed/library-import.js';
import { narrationService } from './modules/library/narration.js';
import { audioRetention } from './modules/recordings/retention.js';
import { startInactivityAlerts } from './modules/alerts/inactivity.js';
import { startLicenceNotices } from './modules/licences/ending-notice.js';
import { removeLeftUploads } from './modules/roster-import/roster-import.service.js';
import { sweepOrphanFiles } from './platform/storage/orphan-files.js';
import { describeStartFailure } from './start-failure.js';

type Log = pino.Logger;

/** Set once the database is open: a start that fails later closes it, so no PostgreSQL is left running (O1). */
let closeDatabase: (() => Promise<void>) | undefined;

/** A worker that does not stop within this long after SIGTERM is killed. */
const WORKER_STOP_MS = 15_000;

/** Stops once, on SIGINT or SIGTERM (Ctrl-C sends SIGINT to every process of the server), then exits. */
function stopOnSignal(log: Log, stop: () => Promise<void>) {
  let isStopping = false;
  const onSignal = (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    log.info(`${signal}: stopping`);
    void stop().finally(() => process.exit(0));
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
}

/** The work of a first start, done once whatever the number of server processes. */
async function prepareData(deps: Deps, log: Log) {
  await seedReferenceData(deps.db);
  log.info(describeImport(await importLibrary(deps.db, { root: deps.config.libraryDir })));
  if (deps.config.seedDemo && (await seedDemoIfEmpty(deps.db)))
    log.info('Seeded the demo district (password: readalong).');
}

/** Files a crash left without their row (an upload cut short, a roster file not yet read) are deleted at start (O3). */
function sweepLeftFiles(deps: Deps, log: Log) {
  void sweepOrphanFiles(deps, log);
  removeLeftUploads(deps).catch((error: unknown) =>
    log.error({ err: error }, 'roster uploads: the sweep failed'),
  );
}

/** One HTTP server on the configured port, with the background work every server runs; `stop` ends both. */
async function serve(deps: Deps) {
  const app = await buildApp(deps);
  // Licence packs ending within 30 days are announced to owners and department heads, now and every hour (LP4).
  const licenceNotices = startLicenceNotices(deps, app.log);
  await app.listen({ port: deps.config.port, host: deps.config.host });
  // Recordings' audio past their district's retention is deleted now and every hour (docs/rules.md RA13); where
  // several servers share the database, one sweeps at a time (O11).
  audioRetention(deps).start(app.log);
  // Students idle for 7 days in term are raised to their teachers, now and every hour (docs/rules.md P14).
  startInactivityAlerts(deps, app.log);
  const narration = narrationService(deps);
  // Every server runs the job; each page is narrated by one of them (O12).
  const narrationJob = narration.available ? narration.startBackgroundJob(app.log) : undefined;
  if (!narrationJob)
    app.log.info(`narration: off, the browser's voice reads (${narration.unavailableReason})`);
  return {
    stop: async () => {
      licenceNotices.stop();
      await narrationJob?.stop();
      await app.close();
    },
  };
}

/** A forked server process: the database the first process opened, the key it made, then serve (O17). */
async function serveAsWorker(config: Config) {
  if (!config.databaseUrl) throw new Error('a server process needs the first process to name the database');
  const database = connect(config.databaseUrl);
  closeDatabase = database.close;
  const server = await serve(await createServerDeps(config, database.db));
  stopOnSignal(pino({ level: config.logLevel }), async () => {
    await server.stop();
    await database.close();
  });
}

async function stopWorker(worker: Worker) {
  if (worker.isDead()) return;
  const exited = once(worker, 'exit');
  worker.process.kill('SIGTERM');
  const timer = setTimeout(() => worker.process.kill('SIGKILL'), WORKER_STOP_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * `count` server processes on the first process's database, sharing its port. `ready` settles once all listen, or
 * fails when one ends before it does; a process that ends later is replaced. `stop` ends them all.
 */
function forkWorkers(count: number, databaseUrl: string, log: Log) {
  let isStopping = false;
  const listened = new WeakSet<Worker>();
  const fork = () => {
    const worker = cluster.fork({ DATABASE_URL: databaseUrl });
    worker.once('listening', () => listened.add(worker));
    return worker;
  };
  cluster.on('exit', (worker, code, signal) => {
    if (isStopping) return;
    const details = { pid: worker.process.pid, code, signal };
    if (!listened.has(worker)) return log.error(details, 'a server process stopped before it listened');
    log.error(details, 'a server process ended: starting another');
    fork();
  });
  const started = Array.from({ length: count }, fork);
  const ready = Promise.all(
    started.map(
      (worker) =>
        new Promise<void>((resolve, reject) => {
          worker.once('listening', () => resolve());
          // Stopping before all listen is not a failed start.
          worker.once('exit', (code) => {
            if (!isStopping) reject(new Error(`A server process stopped at start (exit code ${code}).`));
          });
        }),
    ),
  );
  return {
    ready,
    stop: async () => {
      isStopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
      await Promise.all(workers.map(stopWorker));
    },
  };
}

async function main() {
  const config = loadConfig();
  if (cluster.isWorker) return serveAsWorker(config);
  const log = pino({ level: config.logLevel });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  closeDatabase = database.close;
  // Made here, before any server process reads it: DATA_DIR/secret.key is created once.
  const deps = await createServerDeps(config, database.db);
  // The voice chosen from what is installed (docs/rules.md R28), said once whatever the number of processes.
  if (deps.speech.unavailableReason === null) log.info(`narration: voice ${deps.speech.voice}`);
  let stopServing = async () => {};
  stopOnSignal(log, async () => {
    await stopServing();
    await database.close();
  });

  await prepareData(deps, log);
  if (config.serverProcesses === 1) {
    stopServing = (await serve(deps)).stop;
  } else {
    const workers = forkWorkers(config.serverProcesses, database.url, log);
    stopServing = workers.stop;
    await workers.ready.catch(async (error: unknown) => {
      await workers.stop();
      throw error;
    });
  }
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const processes = config.serverProcesses > 1 ? ` (${config.serverProcesses} server processes)` : '';
  console.log(`\n  ReadAlong is running at http://${shown}:${config.port}${processes}\n`);
  sweepLeftFiles(deps, log);
}

main().catch(async (error: unknown) => {
  console.error(describeStartFailure(error));
  await closeDatabase?.().catch(() => {});
  process.exit(1);
});
