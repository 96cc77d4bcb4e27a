/** Prints how many contracts of the customer's API the server does not serve yet, and which. */
import { allContracts } from '@readalong/contracts';
import { loadConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { createServerDeps } from '../server-deps.js';
import { moduleRoutes } from './app.js';

// Building the routes touches no database, so none is opened.
const deps = await createServerDeps(
  loadConfig({ ...process.env, DATA_DIR: process.env.DATA_DIR ?? './data' }),
  {} as Database,
);
const served = new Set(moduleRoutes(deps).routes.map((route) => route.contract));
const missing = allContracts.filter((contract) => !served.has(contract));
for (const contract of missing)
  console.log(`  not served: ${contract.method.padEnd(6)} ${contract.path}  (${contract.name})`);
console.log(`${served.size} of ${allContracts.length} contracts served; ${missing.length} not served yet.`);
