/**
 * The library's public files: pictures and narration are the same for every school and hold no personal data, so
 * they are served without a session and cached for good (their URLs change with their content). Registered like
 * http/files.ts: these are the links calls hand out, not calls of the contracts.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { PASSAGE_KINDS } from '@readalong/content';
import { notFound } from '../../domain/errors.js';
import { API_PREFIX } from '../../http/route.js';
import { NARRATION_FILE, NARRATION_PREFIX } from './narration.js';

export const LIBRARY_PREFIX = `${API_PREFIX}/library/`;
/** The public link of a stored picture key (`<slug>/<file>?v=<hash>`), or null. */
export const libraryFileUrl = (key: string | null) => (key ? `${LIBRARY_PREFIX}${key}` : null);

const FOREVER = 'public, max-age=31536000, immutable';
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PICTURE = /^[a-z0-9-]+\.svg$/;

export async function registerLibraryFiles(
  app: FastifyInstance,
  options: { libraryDir: string; narrationDir: string },
): Promise<void> {
  app.get(`${LIBRARY_PREFIX}:slug/:file`, { schema: { hide: true } }, async (request, reply) => {
    const { slug, file } = request.params as { slug: string; file: string };
    const { v } = request.query as { v?: string };
    if (!SLUG.test(slug) || !PICTURE.test(file)) throw notFound('picture');
    const svg = await findPicture(options.libraryDir, slug, file);
    if (!svg) throw notFound('picture');
    // A link naming an older version still answers, but is not cached under that name.
    const current = createHash('sha256').update(svg).digest('hex').slice(0, 12);
    return reply
      .header('cache-control', v === undefined || v === current ? FOREVER : 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .type('image/svg+xml')
      .send(svg);
  });

  // Audio needs byte ranges (Safari will not play it otherwise): @fastify/static serves them.
  await mkdir(options.narrationDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: options.narrationDir,
    prefix: NARRATION_PREFIX,
    decorateReply: false,
    wildcard: true,
    index: false,
    schemaHide: true,
    allowedPath: (pathName) => NARRATION_FILE.test(pathName.replace(/^\//, '')),
    cacheControl: false,
    setHeaders: (reply) => {
      void reply.header('cache-control', FOREVER).header('x-content-type-options', 'nosniff');
    },
  });
}

async function findPicture(libraryDir: string, slug: string, file: string): Promise<Buffer | null> {
  for (const kind of Object.keys(PASSAGE_KINDS)) {
    const svg = await readFile(path.join(libraryDir, kind, slug, file)).catch(() => null);
    if (svg) return svg;
  }
  return null;
}
