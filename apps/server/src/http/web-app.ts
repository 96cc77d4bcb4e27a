/**
 * The built single-page app, served in production (docs/rules.md "Performance budgets", B3 and B4):
 * - every file is sent as the brotli or gzip copy the build wrote beside it (`x.js.br`, `x.js.gz`) when the browser
 *   accepts one, so nothing is compressed per request;
 * - `/assets/*` carry a content hash in their names: cached for a year and never re-checked (`immutable`);
 * - everything else (index.html, the favicon) is re-checked on every visit (`no-cache`), so a release shows at once;
 * - a missing file with an extension (`/robots.txt`, an old chunk) is a 404, while any other path is a route of the
 *   app and answers index.html, or the build's copy of it for that address when it wrote one (B8: a first screen's
 *   `first-screens/<path>.html`, which asks for the page's code and styles with the entry's).
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { API_PREFIX } from './route.js';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
/** Where the web build writes a first screen's page (apps/web/build/first-screens.ts). */
const FIRST_SCREENS_DIR = 'first-screens';

/** Answers a route of the app (a GET outside the API whose last segment has no extension); false otherwise. */
export type AppRouteSender = (request: FastifyRequest, reply: FastifyReply) => boolean;

/** Serves the build's files, and returns what the not-found handler calls for the app's routes. */
export async function serveWebFiles(app: FastifyInstance, webDist: string): Promise<AppRouteSender> {
  if (!existsSync(webDist))
    throw new Error(`The web app is not built: ${webDist} is missing. Run npm run build.`);
  const assetsDir = path.join(webDist, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The compressed copies are found through the original's name, never asked for themselves.
    globIgnore: ['**/*.br', '**/*.gz'],
    cacheControl: false,
    setHeaders: (reply, filePath) =>
      void reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE),
  });
  const pages = await firstScreenPages(webDist);
  return (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const pathname = request.url.split(/[?#]/, 1)[0] ?? '';
    if (pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`)) return false;
    const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
    if (/\.[a-z0-9]+$/i.test(lastSegment)) return false;
    // A route of the single-page app: the client's router takes it from index.html (B8: or its own copy).
    void reply.header('cache-control', REVALIDATE).sendFile(pages.get(pathname) ?? 'index.html');
    return true;
  };
}

/**
 * B8: the address → page of the build's `first-screens/` folder (`first-screens/teacher/students.html` answers
 * `/teacher/students`), read once at start; a build without it (or a test's) answers index.html everywhere.
 */
async function firstScreenPages(webDist: string): Promise<Map<string, string>> {
  const folder = path.join(webDist, FIRST_SCREENS_DIR);
  if (!existsSync(folder)) return new Map();
  const files = (await readdir(folder, { recursive: true })).filter((file) => file.endsWith('.html'));
  return new Map(
    files.map((file) => {
      const address = `/${file.slice(0, -'.html'.length).split(path.sep).join('/')}`;
      return [address, path.posix.join(FIRST_SCREENS_DIR, ...file.split(path.sep))];
    }),
  );
}
