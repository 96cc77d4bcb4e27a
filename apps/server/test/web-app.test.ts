/** In production the server also serves the built web app; any non-API path falls back to index.html. */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.js';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'readalong-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>ReadAlong</title><div id="root"></div>',
  );
  await writeFile(path.join(webDist, 'assets', 'app.js'), 'console.log("app")');
  t = await createTestApp({ NODE_ENV: 'production', WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

it('serves files of the build and index.html for the app’s routes', async () => {
  const asset = await t.request({ method: 'GET', url: '/assets/app.js' });
  expect(asset.statusCode).toBe(200);
  expect(asset.body).toContain('console.log');
  for (const url of ['/', '/login', '/teacher/students/12/report', '/reset-password/abc']) {
    const page = await t.request({ method: 'GET', url });
    expect(page.statusCode, url).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
  }
});

it('keeps unknown API paths as JSON errors', async () => {
  const response = await t.request({ method: 'GET', url: '/api/v1/no-such-thing' });
  expect(response.statusCode).toBe(404);
  expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
});
