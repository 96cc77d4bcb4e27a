import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLOUR_BANDS } from '@readalong/contracts';
import { contactMessages } from '../../db/schema/index.js';
import { createTestApp, signIn, type TestApp } from '../../../test/app.js';
import { form } from '../../../test/form.js';
import { expectError } from '../../../test/ladder.js';

let t: TestApp;
let world: Awaited<ReturnType<TestApp['factories']['school']>>;
beforeAll(async () => {
  t = await createTestApp();
  world = await t.factories.school();
});
afterAll(() => t.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('POST /v1/user/public/contact-us', () => {
  const send = (body: ReturnType<typeof form>) =>
    t.request({ method: 'POST', url: '/api/v1/user/public/contact-us', ...body });

  it('400 names the missing or unknown field and stores nothing', async () => {
    expectError(await send(form({ name: 'Ana', message: 'Hello' })), 400, 'body.email');
    expectError(
      await send(form({ name: 'Ana', email: 'ana@x.example', message: 'Hi', phone: '1' })),
      400,
      'body.phone',
    );
    expectError(
      await send(
        form(
          { name: 'Ana', email: 'ana@x.example', message: 'Hi' },
          { value: Buffer.from('plain text'), type: 'image/png' },
        ),
      ),
      400,
      'file',
    );
    expect(await t.db.select().from(contactMessages)).toHaveLength(0);
  });

  it('stores the message and mails it to support with the screenshot', async () => {
    const response = await send(
      form(
        {
          name: 'Ana Ruiz',
          email: 'ana@x.example',
          ailearn_account: 'ana.ruiz',
          message: 'The book will not open.',
        },
        { value: PNG, type: 'image/png' },
      ),
    );
    expect(response.statusCode, response.body).toBe(200);
    const mail = (await t.outbox()).at(-1)!;
    expect(mail).toContain('To: support@readalong.local');
    expect(mail).toContain('The book will not open.');
    expect(mail).toContain('Content-Type: image/png');
  });
});

describe('POST /v1/user/contact-us', () => {
  const send = (token: string | undefined, body: ReturnType<typeof form>) =>
    t.request({ method: 'POST', url: '/api/v1/user/contact-us', token, ...body });

  it('401, 400, then sends as the signed-in user for every role, with a screenshot', async () => {
    expectError(await send(undefined, form({ message: 'Hi' })), 401);
    const teacher = (await signIn(t, world.teacher.username)).access_token;
    expectError(await send(teacher, form({})), 400, 'body.message');
    expectError(
      await t.request({
        method: 'POST',
        url: '/api/v1/user/contact-us',
        token: teacher,
        payload: { message: 'JSON is not a form' },
      }),
      415,
    );
    const response = await send(
      teacher,
      form({ message: 'Can we add a class?' }, { value: PNG, type: 'image/png' }),
    );
    expect(response.json()).toEqual({ success: true });
    const mail = (await t.outbox()).at(-1)!;
    expect(mail).toContain(`Reply-To: ${world.teacher.email}`);
    expect(mail).toContain(`Account: ${world.teacher.username}`);
    expect(mail).toContain('Content-Type: image/png');
    const student = (await signIn(t, world.student.username)).access_token;
    expectError(await send(student, form({ message: 'Help' })), 400, 'body.email');
    const fromStudent = await send(student, form({ message: 'Help', email: 'parent@home.example' }));
    expect(fromStudent.statusCode).toBe(200);
    expect((await t.outbox()).at(-1)).toContain('Reply-To: parent@home.example');
  });
});

describe('POST /v1/user/translate', () => {
  it('401, 400, then 503 while no translation service is configured', async () => {
    expectError(
      await t.request({
        method: 'POST',
        url: '/api/v1/user/translate',
        payload: { text: 'cat', target_lang: 'es' },
      }),
      401,
    );
    const session = await signIn(t, world.student.username);
    expectError(
      await t.request({
        method: 'POST',
        url: '/api/v1/user/translate',
        token: session.access_token,
        payload: { target_lang: 'es' },
      }),
      400,
      'body.text',
    );
    const error = expectError(
      await t.request({
        method: 'POST',
        url: '/api/v1/user/translate',
        token: session.access_token,
        payload: { text: 'cat', target_lang: 'es' },
      }),
      503,
    );
    expect(error.message).toMatch(/not available/);
  });
});

describe('POST /v1/user/translate with a translation service', () => {
  it('answers the service’s translation as result', async () => {
    // A stand-in for a LibreTranslate server on this machine: the third-party service, not ours.
    const requests: unknown[] = [];
    const service = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        requests.push({ url: request.url, body: JSON.parse(body) as unknown });
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ translatedText: 'el gato' }));
      });
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const { port } = service.address() as AddressInfo;
    const withService = await createTestApp({ TRANSLATE_URL: `http://127.0.0.1:${port}` });
    try {
      const people = await withService.factories.school();
      const session = await signIn(withService, people.student.username);
      const response = await withService.request({
        method: 'POST',
        url: '/api/v1/user/translate',
        token: session.access_token,
        payload: { text: 'the cat', target_lang: 'es' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ result: 'el gato' });
      expect(requests).toEqual([
        { url: '/translate', body: { q: 'the cat', source: 'en', target: 'es', format: 'text' } },
      ]);
    } finally {
      await withService.close();
      service.close();
    }
  });
});

describe('GET /v1/teacher/resources', () => {
  it('401, 403 for a student; staff get the guides, the levels chart drawn from the band constants', async () => {
    const get = (token?: string) => t.request({ method: 'GET', url: '/api/v1/teacher/resources', token });
    expectError(await get(), 401);
    expectError(await get((await signIn(t, world.student.username)).access_token), 403);
    const response = await get((await signIn(t, world.teacher.username)).access_token);
    expect(response.statusCode, response.body).toBe(200);
    const { resources } = response.json<{
      resources: { id: string; blocks: { kind: string; bands?: Record<string, unknown>[] }[] }[];
    }>();
    expect(resources.map((resource) => resource.id)).toEqual([
      'how-levels-work',
      'letter-to-families',
      'running-record-guide',
      'reading-routine-card',
    ]);
    const chart = resources[0]!.blocks.find((block) => block.kind === 'colour_bands')!;
    expect(chart.bands!.map((band) => band.id)).toEqual(Array.from({ length: 18 }, (_, index) => index + 3));
    expect(chart.bands![0]).toEqual({
      id: 3,
      name: COLOUR_BANDS[2]!.name,
      colour: COLOUR_BANDS[2]!.colour,
      lexile: '190L–240L',
      series: ['BR'],
    });
    expect(chart.bands!.find((band) => band.id === 6)).toMatchObject({ series: ['BR', 'A'] });
    expect(chart.bands!.find((band) => band.id === 9)).toMatchObject({ series: ['A', 'B'] });
  });
});
