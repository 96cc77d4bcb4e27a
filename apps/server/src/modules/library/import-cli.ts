/**
 * `npm run content:import [-- --narrate]`: imports the library into the database (what every start does), and with
 * --narrate also narrates every page still missing narration now, instead of in the background after a start.
 */
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/database.js';
import { createServerDeps } from '../../server-deps.js';
import { seedReferenceData } from '../../seed/reference-data.js';
import { describeImport, importLibrary } from '../../seed/library-import.js';
import { narrationService } from './narration.js';

async function main() {
  const shouldNarrate = process.argv.slice(2).includes('--narrate');
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await seedReferenceData(handle.db);
    const report = await importLibrary(handle.db, { root: config.libraryDir });
    console.log(describeImport(report).replace(/ \(skipped: .*$/, ''));
    for (const { slug, problems } of report.skipped) console.log(`  skipped ${slug}: ${problems.join('; ')}`);
    if (shouldNarrate) {
      const narration = narrationService(await createServerDeps(config, handle.db));
      if (!narration.available) console.log(`Narration is off: ${narration.unavailableReason}`);
      else {
        const { narrated, failed } = await narration.startBackgroundJob(console).done;
        console.log(`Narrated ${narrated} pages${failed ? `, ${failed} failed` : ''}.`);
      }
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
