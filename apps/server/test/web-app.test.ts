/**
 * In production the server also serves the built web app (docs/rules.md B3, B4): the build's brotli or gzip copy of
 * a file when the browser accepts one, hashed assets cached for a year, index.html re-checked on every visit, a real
 * favicon, and index.html only for the app's routes (a missing file is a 404).
 */
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from './app.js';

const SCRIPT = `console.log(${JSON.stringify('a line of the app '.repeat(200))});`;
const INDEX = '<!doctype html><title>ReadAlong</title><div id="root"></div>';
/** B8: the build's own page for a first screen's address (apps/web/build/first-screens.ts). */
const LOGIN_PAGE = '<!doctype html><title>ReadAlong</title><div id="root"><h1>Sign in</h1></div>';
const STUDENTS_PAGE = '<!doctype html><title>ReadAlong</title><link rel="modulepreload" href="/assets/x.js">';
const webPublic = path.resolve(import.meta.dirname, '../../web/public');

let t: TestApp;
let webDist: string;

/** A build as `npm run build` leaves it: each text file with its `.br` and `.gz` copies beside it. */
async function writeBuilt(file: string, content: string) {
  await writeFile(file, content);
  await writeFile(`${file}.br`, brotliCompressSync(content));
  await writeFile(`${file}.gz`, gzipSync(content));
}

beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'readalong-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeBuilt(path.join(webDist, 'index.html'), INDEX);
  await mkdir(path.join(webDist, 'first-screens', 'teacher'), { recursive: true });
  await writeBuilt(path.join(webDist, 'first-screens', 'login.html'), LOGIN_PAGE);
  await writeBuilt(path.join(webDist, 'first-screens', 'teacher', 'students.html'), STUDENTS_PAGE);
  await writeBuilt(path.join(webDist, 'assets', 'app-Bx7rT2aQ.js'), SCRIPT);
  await copyFile(path.join(webPublic, 'favicon.ico'), path.join(webDist, 'favicon.ico'));
  t = await createTestApp({ NODE_ENV: 'production', WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.request({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('the build’s files', () => {
  it('sends the brotli copy of an asset to a browser that accepts it, cached for a year', async () => {
    const asset = await get('/assets/app-Bx7rT2aQ.js', 'gzip, deflate, br, zstd');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['vary']).toContain('accept-encoding');
    expect(asset.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy when brotli is not accepted, and the file itself when nothing is', async () => {
    const gzipped = await get('/assets/app-Bx7rT2aQ.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/app-Bx7rT2aQ.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers index.html, compressed and re-checked on every visit, for the app’s routes', async () => {
    for (const url of [
      '/',
      '/login/',
      '/teacher/students/12/report',
      '/reset-password/abc',
      '/home?next=/x',
    ]) {
      const page = await get(url, 'br');
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toContain('text/html');
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(INDEX);
    }
  });

  it('answers a first screen’s address with the build’s page for it, compressed and re-checked (B8)', async () => {
    for (const [url, page] of [
      ['/login', LOGIN_PAGE],
      ['/login?next=%2Fhome', LOGIN_PAGE],
      ['/teacher/students', STUDENTS_PAGE],
    ] as const) {
      const answer = await get(url, 'br');
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['content-type'], url).toContain('text/html');
      expect(answer.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(answer.rawPayload).toString(), url).toBe(page);
    }
    expect((await get('/teacher/students/12/report')).body).toBe(INDEX);
  });

  it('has a favicon that is a picture, not the app’s page', async () => {
    const ico = await get('/favicon.ico');
    expect(ico.statusCode).toBe(200);
    expect(ico.headers['content-type']).toMatch(/^image\//);
    expect(ico.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404, not index.html, for a missing file', async () => {
    for (const url of ['/robots.txt', '/assets/app-0ldHash0.js', '/apple-touch-icon.png']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).not.toContain('text/html');
    }
  });

  it('does not offer the compressed copies as files of their own', async () => {
    expect((await get('/assets/app-Bx7rT2aQ.js.br')).statusCode).toBe(404);
  });
});

describe('the API’s answers', () => {
  it('compresses a JSON answer of some size for a browser that accepts it', async () => {
    const docs = await get('/api/docs/json', 'gzip, deflate, br');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(docs.rawPayload).toString())).toHaveProperty('openapi');

    const gzipped = await get('/api/docs/json', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toHaveProperty('openapi');
  });

  it('sends small answers and errors as they are', async () => {
    const health = await get('/api/health', 'br');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });

    const missing = await get('/api/v1/no-such-thing', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('answers a signed-in call as before', async () => {
    const { student } = await t.factories.school();
    const { access_token } = await signIn(t, student.username);
    const me = await t.request({
      method: 'GET',
      url: '/api/validate',
      token: access_token,
      headers: { 'accept-encoding': 'br' },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ login_role: 'student' });
  });
});
