/** Serves stored files to holders of a signed link (F2): altered or expired links get 404. */
import type { FastifyInstance } from 'fastify';
import type { Storage } from '../platform/storage/storage.js';
import { invalidField, notFound } from '../domain/errors.js';
import { API_PREFIX } from './route.js';

/** A part of the link's query; given twice, the link is malformed: 400 naming it (F9). */
function linkPart(query: Record<string, unknown>, name: 'expires' | 'signature'): string {
  const value = query[name] ?? '';
  if (typeof value !== 'string') throw invalidField(`query.${name}`, 'must appear once');
  return value;
}

export function registerFileDownloads(app: FastifyInstance, storage: Storage): void {
  // Signed links are bearer credentials: keep them out of the request log.
  app.get(`${API_PREFIX}/files/*`, { logLevel: 'warn' }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const query = request.query as Record<string, unknown>;
    const [expires, signature] = [linkPart(query, 'expires'), linkPart(query, 'signature')];
    if (!storage.verifyLink(key, expires, signature)) throw notFound('file');
    const file = await storage.open(key);
    if (!file) throw notFound('file');
    return reply
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'private, max-age=3600')
      .header('content-length', file.sizeBytes)
      .type(contentTypeOf(key))
      .send(file.stream);
  });
}

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
};
const contentTypeOf = (key: string) => TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream';
