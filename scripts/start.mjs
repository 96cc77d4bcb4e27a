// `npm start`: builds the web app when it is missing or older than its sources, then runs the server in
// production mode in this same process (so signals reach it directly and the embedded database stops cleanly).
import { execSync } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const webSources = [
  'apps/web/src',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
];

function newestChange(entry) {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

// A server process forked by the first one (WEB_CONCURRENCY) runs this script again: the first one built already.
const isStale =
  cluster.isPrimary &&
  (!existsSync(builtIndex) ||
    Math.max(...webSources.map((source) => newestChange(path.join(root, source)))) >
      statSync(builtIndex).mtimeMs);
if (isStale) {
  console.log('Building the web app…');
  try {
    execSync('npm run build --workspace apps/web', { cwd: root, stdio: 'inherit' });
  } catch {
    // O2: the cause in words; the build's own errors are printed above.
    console.error('The server could not start: the web app did not build (its errors are above).');
    process.exit(1);
  }
}

process.env.NODE_ENV = 'production';
register();
await import(path.join(root, 'apps/server/src/main.ts'));
