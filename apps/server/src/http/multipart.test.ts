/**
 * Multipart forms as a client can get them wrong (F7, F8): a malformed body answers 400 naming it, and a refused form
 * never leaves its connection stuck for the next request. Through the public contact-us form, the one without a session.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { expectError } from '../../test/ladder.js';

const URL_PATH = '/api/v1/user/public/contact-us';
const BOUNDARY = '----readalong-form';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Part = { name: string; value: string | Buffer; filename?: string };
function formBody(parts: Part[]): Buffer {
  return Buffer.concat([
    ...parts.flatMap((part) => [
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"` +
          (part.filename ? `; filename="${part.filename}"\r\nContent-Type: image/png` : '') +
          '\r\n\r\n',
      ),
      Buffer.from(part.value),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
}
const FIELDS: Part[] = [
  { name: 'name', value: 'Ada' },
  { name: 'email', value: 'ada@example.com' },
  { name: 'message', value: 'Hello' },
];

it('a body that is not a readable form answers 400 naming the body, never 500', async () => {
  const cases = [
    { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, payload: 'garbage, no parts at all' },
    { 'content-type': 'multipart/form-data', payload: formBody(FIELDS) },
  ];
  for (const { payload, ...headers } of cases) {
    expectError(await t.request({ method: 'POST', url: URL_PATH, headers, payload }), 400, 'body');
  }
});

it('a form refused for an unexpected file still lets the next request on its connection through', async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: string, path: string, headers: Record<string, string>, body?: Buffer) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request({ port, method, path, headers, agent }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, body: text }));
      });
      request.on('error', reject);
      request.end(body);
    });
  try {
    // A picture under another name, then the real one, large enough not to sit whole in the socket's buffers.
    const picture = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024, 7)]);
    const refused = await send(
      'POST',
      URL_PATH,
      { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      formBody([
        ...FIELDS,
        { name: 'photo', value: PNG, filename: 'a.png' },
        { name: 'file', value: picture, filename: 'b.png' },
      ]),
    );
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).error.fields).toEqual({ photo: 'unexpected file' });
    const next = await send('GET', '/api/health', {});
    expect(next).toEqual({ status: 200, body: '{"status":"ok"}' });
  } finally {
    agent.destroy();
  }
});
