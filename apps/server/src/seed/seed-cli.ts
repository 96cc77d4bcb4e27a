/**
 * `npm run db:seed [-- --reset]`: adds the reference data, then the demo district when there are no users yet.
 * With --reset it first deletes every district, school and user (the library and taxonomy stay).
 */
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { DEMO_PASSWORD } from './demo-district-data.js';
import { resetAndSeedDemo, seedDemoIfEmpty } from './demo-district.js';
import { seedReferenceData } from './reference-data.js';

async function main() {
  const shouldReset = process.argv.slice(2).includes('--reset');
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await seedReferenceData(handle.db);
    console.log('Reference data: up to date.');
    if (shouldReset) {
      await resetAndSeedDemo(handle.db);
      console.log(
        `Deleted all districts, schools and users; seeded the demo district (password: ${DEMO_PASSWORD}).`,
      );
    } else if (await seedDemoIfEmpty(handle.db)) {
      console.log(`Seeded the demo district (password: ${DEMO_PASSWORD}).`);
    } else {
      console.log(
        'Users exist already, so the demo district was not seeded. Use --reset to replace everything.',
      );
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
