/** `npm run db:migrate`: applies the committed migrations to the configured database and exits. */
import { loadConfig } from '../config.js';
import { openDatabase } from './database.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.close();
console.log('Migrations applied.');
