/**
 * The built single-page app, served in production (docs/rules.md "Performance budgets", B3 and B4):
 * - every file is sent as the brotli or gzip copy the build wrote beside it (`x.js.br`, `x.js.gz`) when the browser
 *   accepts one, so nothing is compressed per request;
 * - `/assets/*` carry a content hash in their names: cached for a year and never re-checked (`immutable`);
 * - everything else (index.html, the favicon) is re-checked on every visit (`no-cache`), so a release shows at once;
 * - a missing file with an extension (`/robots.txt`, an old chunk) is a 404, while any other path is a route of the
 *   app and answers index.html.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { API_PREFIX } from './route.js';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export async function serveWebFiles(app: FastifyInstance, webDist: string): Promise<void> {
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
}

/**
 * For the not-found handler: answers index.html when the request is a route of the app (a GET outside the API
 * whose last segment has no extension), and returns false otherwise.
 */
export function sendAppRoute(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split(/[?#]/, 1)[0] ?? '';
  if (pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`)) return false;
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  if (/\.[a-z0-9]+$/i.test(lastSegment)) return false;
  // A route of the single-page app: the client's router takes it from index.html.
  void reply.header('cache-control', REVALIDATE).sendFile('index.html');
  return true;
}
