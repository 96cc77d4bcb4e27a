/**
 * No 5xx from bad input (docs/rules.md A7): every served call, as every role and without a session, gets
 * requests generated from its OpenAPI schemas with a fixed seed — valid-looking values, boundary and huge
 * numbers, NUL in text, dates PostgreSQL cannot hold, wrong types, missing and extra fields, repeated query
 * parameters, and for form calls garbage with a boundary and a form without one. Any 5xx fails, listing each.
 * 501 (S10) and 503 (F5) are the product's own answers for a sign-in type or translation not configured.
 */
import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canCall, ROLES, type Role } from '@readalong/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from './app.js';
import { expectError } from './ladder.js';
import { asQueryValue, fuzzRequest } from './fuzz-values.js';
import { servedOperations, urlOf, type JsonSchema, type Operation, type Parameter } from './openapi.js';
import { buildWorld, type World } from './world.js';

const SEED = 20260915;
/** Requests per call and role: more where the role may call it and the request reaches the service. */
const RUNS_ALLOWED = 10;
const RUNS_REFUSED = 2;
const DELIBERATE_5XX = [501, 503];
/** Calls that end sessions or change accounts (disable, rename, reset, delete) run last: the rest run signed in. */
const LAST = ['updateUser', 'setUserPassword', 'logoutEverywhere', 'logout', 'batchDeleteUsers'];

let t: TestApp;
let world: World;
let operations: Operation[];
beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  operations = (await servedOperations(t)).sort((a, b) => LAST.indexOf(a.name) - LAST.indexOf(b.name));
});
afterAll(() => t.close());

function knownIds(): number[] {
  const ids = new Set<number>([world.passage.id, world.rateBuilder.id]);
  for (const corner of Object.values(world.corners)) {
    for (const record of [
      corner.class,
      corner.teacher,
      corner.student,
      corner.worksheet,
      corner.recording,
      corner.alert,
      corner.assignment,
      corner.notification,
    ])
      ids.add(record.id);
  }
  for (const school of Object.values(world.schoolsByPlace)) ids.add(school.id);
  return [...ids];
}

interface Case {
  url: string;
  query: Record<string, string | string[]>;
  body?: unknown;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

const BOUNDARY = 'fuzzboundary';

function formBody(fields: Record<string, unknown>, file: Uint8Array | null): Buffer {
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(asQueryValue(value))}\r\n`,
  );
  const filePart = file
    ? [
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="f"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        Buffer.from(file),
        Buffer.from('\r\n'),
      ]
    : [];
  return Buffer.concat([Buffer.from(parts.join('')), ...filePart, Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

function objectOf(parameters: Parameter[]): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema])),
    required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  };
}

const asObject = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

function casesFor(operation: Operation, runs: number, seed: number): Case[] {
  const parts: Record<string, JsonSchema> = {};
  for (const where of ['path', 'query'] as const) {
    const parameters = operation.parameters.filter((parameter) => parameter.in === where);
    if (parameters.length) parts[where === 'path' ? 'params' : 'query'] = objectOf(parameters);
  }
  if (operation.body) parts.body = operation.body;
  if (operation.multipart)
    parts.form = z.toJSONSchema(operation.multipart.fields, { io: 'input' }) as JsonSchema;
  const request = fc.record({
    parts: fuzzRequest(parts, knownIds()),
    file: fc.option(fc.uint8Array({ maxLength: 64 })),
  });
  const cases = fc
    .sample(request, { seed, numRuns: runs })
    .map(({ parts: { params, query, body, form }, file }) => {
      const base = {
        url: urlOf(
          operation,
          Object.fromEntries(Object.entries(asObject(params)).map(([k, v]) => [k, asQueryValue(v)])),
        ),
        query: Object.fromEntries(
          Object.entries(asObject(query)).map(([key, value]) => [key, asQueryValue(value)]),
        ),
      };
      if (!operation.multipart) return { ...base, body };
      return {
        ...base,
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: formBody(asObject(form), file),
      };
    });
  if (!operation.multipart) return cases;
  const url = cases[0]!.url;
  return [
    ...cases,
    {
      url,
      query: {},
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: 'garbage',
    },
    { url, query: {}, headers: { 'content-type': 'multipart/form-data' }, payload: 'garbage' },
  ];
}

async function send(operation: Operation, role: Role | null, request: Case): Promise<LightMyRequestResponse> {
  const attempt = () =>
    t.request({
      method: operation.method,
      url: request.url,
      query: request.query,
      ...(request.payload !== undefined
        ? { payload: request.payload, headers: request.headers }
        : request.body !== undefined
          ? { payload: JSON.stringify(request.body), headers: { 'content-type': 'application/json' } }
          : {}),
      ...(role ? { token: world.tokens[role] } : {}),
    });
  const response = await attempt();
  // A fuzzed logout (or a deleted account) ends the session: sign in again and retry once.
  if (response.statusCode !== 401 || !role) return response;
  const renewed = await world.renew(role).catch(() => null);
  return renewed ? attempt() : response;
}

// Named cases first: the fuzzing after them spends rate limits and ends sessions.
describe('bad input is a 400 naming the field (I1–I3, I7)', () => {
  const as = (role: Role, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.request({ method, url, token: world.tokens[role], ...(payload ? { payload } : {}) });

  it('refuses a NUL in any text', async () => {
    const error = expectError(
      await as('student', 'POST', '/api/v1/user/translate', { text: 'Hi\u0000', target_lang: 'es' }),
      400,
      'body.text',
    );
    expect(error.fields?.['body.text']).toBe('must not contain a NUL character');
    expectError(await as('teacher', 'PUT', '/api/lock', { username: 'sam\u0000' }), 400, 'body.username');
  });

  it('refuses an id past PostgreSQL’s integer', async () => {
    expectError(await as('student', 'GET', '/api/v1/worksheets/2147483648'), 400, 'params.id');
    expectError(
      await as('teacher', 'GET', '/api/v1/students/99999999999999999999/skill-builders'),
      400,
      'params.id',
    );
  });

  it('refuses a date PostgreSQL cannot hold', async () => {
    const { own } = world.corners;
    const assignment = { passage_id: world.passage.id, class_id: own.class.id, due_at: '0000-01-01' };
    expectError(
      await as('teacher', 'POST', '/api/v1/worksheets/assignments', assignment),
      400,
      'body.due_at',
    );
    const overview = `/api/v1/students/${own.student.id}/book-performance?start=1899-12-31`;
    expectError(await as('teacher', 'GET', overview), 400, 'query.start');
  });

  it('keeps a score filter to 2 decimals, so a tiny one finds the books from 0 %', async () => {
    const url = `/api/v1/students/${world.corners.own.student.id}/book-performance?min=1e-164`;
    const response = await as('teacher', 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
  });
});

/**
 * The calls in this many runs of their own, in order (those in LAST last), each with its own budget: a run's time is
 * its share of the requests, so a loaded machine (load 13–21 once took the whole walk past one budget) slows each
 * run in proportion, and a failure names the calls of its run.
 */
const PARTS = 8;
/** A run's budget: its ~300 requests take about 5 s on a quiet machine. */
const PART_BUDGET_MS = 180_000;

describe('fuzzing every call from the OpenAPI document', () => {
  let sent = 0;
  /** Requests whose date range was one of I3's edges (1900-01-01, 9999-12-31). */
  let edgeRanges = 0;
  const isEdge = (value: string | string[] | undefined) =>
    typeof value === 'string' && /^(1900-01-01|9999-12-31)/.test(value);

  for (let part = 0; part < PARTS; part++)
    it(
      `answers no 5xx to any generated request, for any role or none (part ${part + 1} of ${PARTS})`,
      async () => {
        const size = Math.ceil(operations.length / PARTS);
        const offenders: string[] = [];
        for (const [offset, operation] of operations.slice(part * size, (part + 1) * size).entries()) {
          const index = part * size + offset;
          for (const [roleIndex, role] of ([null, ...ROLES] as (Role | null)[]).entries()) {
            const allowed = operation.access === 'public' || canCall(operation.access, role);
            const runs = allowed && role !== null ? RUNS_ALLOWED : RUNS_REFUSED;
            for (const request of casesFor(operation, runs, SEED + index * 10 + roleIndex)) {
              const response = await send(operation, role, request);
              sent++;
              if (isEdge(request.query.start) || isEdge(request.query.end)) edgeRanges++;
              if (response.statusCode >= 500 && !DELIBERATE_5XX.includes(response.statusCode))
                offenders.push(
                  `${response.statusCode} ${operation.method} ${request.url} as ${role ?? 'nobody'} ` +
                    `query=${JSON.stringify(request.query)} body=${JSON.stringify(request.body ?? request.payload?.toString())}`.slice(
                      0,
                      400,
                    ),
                );
            }
          }
        }
        expect(offenders, offenders.join('\n')).toEqual([]);
      },
      PART_BUDGET_MS,
    );

  it('sent every call its requests, the date ranges among them reaching I3’s edges', () => {
    expect(sent).toBeGreaterThan(2000);
    expect(edgeRanges).toBeGreaterThan(50);
  });
});
