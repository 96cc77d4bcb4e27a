/**
 * Starts the product: database (embedded unless DATABASE_URL), migrations, reference data, the library, demo seed,
 * HTTP server; then sweeps recordings' audio past retention (and every hour) and narrates, in the background, the
 * pages that have no narration yet.
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

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const deps = await createServerDeps(config, database.db);
  const app = await buildApp(deps);

  let isStopping = false;
  let narrationJob: NarrationJob | undefined;
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    app.log.info(`${signal}: stopping`);
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

  // Recordings' audio past their district's retention is deleted now and every hour (PRODUCT.md §5).
  audioRetention(deps).start(app.log);

  const narration = narrationService(deps);
  if (narration.available) narrationJob = narration.startBackgroundJob(app.log);
  else app.log.info(`narration: off, the browser's voice reads (${narration.unavailableReason})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
