/**
 * Starts the product: database (embedded unless DATABASE_URL), migrations, reference data, the library, demo seed,
 * HTTP server; then sweeps recordings' audio past retention and announces licence packs ending (both now and every
 * hour) and narrates, in the background, the pages that have no narration yet.
 */
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { createServerDeps } from './server-deps.js';
import { buildApp } from './http/app.js';
import { seedDemoIfEmpty } from './seed/demo-district.js';
import { seedReferenceData } from './seed/reference-data.js';
import { describeImport, importLibrary } from './seed/library-import.js';
import { narrationService, type NarrationJob } from './modules/library/narration.js';
import { audioRetention } from './modules/recordings/retention.js';
import { startInactivityAlerts } from './modules/alerts/inactivity.js';
import { startLicenceNotices } from './modules/licences/ending-notice.js';
import { removeLeftUploads } from './modules/roster-import/roster-import.service.js';
import { sweepOrphanFiles } from './platform/storage/orphan-files.js';
import { describeStartFailure } from './start-failure.js';

/** Set once the database is open: a start that fails later closes it, so no PostgreSQL is left running (O1). */
let closeDatabase: (() => Promise<void>) | undefined;

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  closeDatabase = database.close;
  const deps = await createServerDeps(config, database.db);
  const app = await buildApp(deps);
  // Licence packs ending within 30 days are announced to owners and department heads, now and every hour (LP4).
  const licenceNotices = startLicenceNotices(deps, app.log);

  let isStopping = false;
  let narrationJob: NarrationJob | undefined;
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    app.log.info(`${signal}: stopping`);
    licenceNotices.stop();
    await narrationJob?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await seedReferenceData(deps.db);
  app.log.info(describeImport(await importLibrary(deps.db, { root: config.libraryDir })));
  if (config.seedDemo && (await seedDemoIfEmpty(deps.db)))
    app.log.info('Seeded the demo district (password: readalong).');
  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`\n  ReadAlong is running at http://${shown}:${config.port}\n`);

  // Recordings' audio past their district's retention is deleted now and every hour (docs/rules.md RA13); where several
  // servers share the database, one sweeps at a time (O11).
  audioRetention(deps).start(app.log);
  // Students idle for 7 days in term are raised to their teachers, now and every hour (docs/rules.md P14).
  startInactivityAlerts(deps, app.log);
  // Files a crash left without their row (an upload cut short, a roster file not yet read) are deleted at start (O3).
  void sweepOrphanFiles(deps, app.log);
  removeLeftUploads(deps).catch((error: unknown) =>
    app.log.error({ err: error }, 'roster uploads: the sweep failed'),
  );

  const narration = narrationService(deps);
  // Every server runs the job; each page is narrated by one of them (O12).
  if (narration.available) narrationJob = narration.startBackgroundJob(app.log);
  else app.log.info(`narration: off, the browser's voice reads (${narration.unavailableReason})`);
}

main().catch(async (error: unknown) => {
  console.error(describeStartFailure(error));
  await closeDatabase?.().catch(() => {});
  process.exit(1);
});
