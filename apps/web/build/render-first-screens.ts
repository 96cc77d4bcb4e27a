/**
 * docs/rules.md B9, run by the build (build/first-screens.ts) in a process of its own: renders the static first
 * screens named on the command line with src/app/static-first-screen.tsx through Vite's server-side module loader,
 * prints `{ address: markup }` as JSON and exits. Its own process, because the app's modules hold what a browser tab
 * would own (the session's BroadcastChannel, timers), which would keep the build from ending.
 */
import path from 'node:path';
import { createServer } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const server = await createServer({
  root,
  mode: 'production',
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
});
try {
  const { renderStaticScreen } = (await server.ssrLoadModule('/src/app/static-first-screen.tsx')) as {
    renderStaticScreen: (address: string) => string;
  };
  const addresses = process.argv.slice(2);
  process.stdout.write(JSON.stringify(Object.fromEntries(addresses.map((a) => [a, renderStaticScreen(a)]))));
} finally {
  await server.close();
}
process.exit(0);
