/**
 * JSON answers of the API are compressed (docs/rules.md "Performance budgets", B3): brotli at a fast quality, or
 * gzip, for answers of 1 KB and more. Only JSON: audio and pictures are compressed already, `/api/files` streams
 * what was uploaded as it is, and the web app's files are compressed once at build (http/web-app.ts).
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: /^application\/(?:[\w.+-]+\+)?json(?:;|$)/,
    // Request bodies are not compressed by any client of ours: leave their parsing as it is.
    globalDecompression: false,
  });
}
