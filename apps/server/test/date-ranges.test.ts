/**
 * Every call that takes a date range answers any range its contract accepts (docs/rules.md I3, I6), generated
 * from the OpenAPI document so a new call with dates is covered the day it is served: the edges 1900-01-01 and
 * 9999-12-31, a hundred years, a range across a daylight-saving change, date-times with offsets at the edges,
 * as every role that may call it. A range the contract accepts is answered (200); an end before its start is a
 * 400 naming the field (P7). Never a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canCall, ROLES, type Role } from '@readalong/contracts';
import { createTestApp, type TestApp } from './app.js';
import { servedOperations, urlOf, type JsonSchema, type Operation } from './openapi.js';
import { buildWorld, type World } from './world.js';

let t: TestApp;
let world: World;
let dated: Operation[];
beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  dated = (await servedOperations(t)).filter((operation) =>
    operation.parameters.some((parameter) => parameter.in === 'query' && isDate(parameter.schema)),
  );
});
afterAll(() => t.close());

const isDate = (schema: JsonSchema): boolean =>
  schema.format === 'date' || (schema.anyOf ?? []).some((variant) => variant.format === 'date');

/** Ranges the contracts accept, each of which must be answered. */
const VALID_RANGES: Record<string, Record<string, string>> = {
  'every date there is': { start: '1900-01-01', end: '9999-12-31' },
  'the last date only': { start: '9999-12-31', end: '9999-12-31' },
  'the first date only': { start: '1900-01-01', end: '1900-01-01' },
  'an end and no start': { end: '9999-12-31' },
  'a start and no end': { start: '1900-01-01' },
  'a hundred years': { start: '1950-01-01', end: '2049-12-31' },
  'across a daylight-saving change': { start: '2026-03-01', end: '2026-04-15' },
  'date-times across a daylight-saving change': {
    start: '2026-03-07T00:00:00-05:00',
    end: '2026-03-09T00:00:00-04:00',
  },
  // The periods the screens offer, as they send them on the test clock's today (2026-09-15): insights' longest,
  // the teacher's student page (a start, no end), a piece of My progress's "All time" across a leap day.
  'the last 365 days, as insights asks': { start: '2025-09-16', end: '2026-09-15' },
  'the last 90 days without an end, as the student page asks': { start: '2026-06-18' },
  'a piece of 366 days across a leap day, as My progress asks': { start: '2023-03-01', end: '2024-02-29' },
  'date-times at the edges, off UTC': {
    start: '1900-01-01T00:00:00+14:00',
    end: '9999-12-31T23:59:59.999-12:00',
  },
};

/** Ids the world has for the query fields that name a record; a call's path id is the caller's own record. */
function fill(operation: Operation, role: Role): { url: string; query: Record<string, string> } {
  const own = world.corners.own;
  const known: Record<string, number> = {
    student_id: own.student.id,
    class_id: own.class.id,
    class_ids: own.class.id,
    school_id: world.schoolsByPlace.own.id,
  };
  const query: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'query' || !(parameter.name in known)) continue;
    // A student asks about themselves; staff name the student (P14).
    if (parameter.required || (role !== 'student' && parameter.name === 'student_id'))
      query[parameter.name] = String(known[parameter.name]);
  }
  const id = /\/classes\/|weekly-activity/.test(operation.path) ? own.class.id : own.student.id;
  return { url: urlOf(operation, { id }), query };
}

describe('every call with dates answers any range its contract accepts (I3, I6)', () => {
  it('finds the calls with dates', () => {
    expect(dated.map((operation) => operation.name).length).toBeGreaterThanOrEqual(12);
  });

  // One test per range: each sends it to every call as every role that may call it (about 60 requests).
  for (const [name, range] of Object.entries(VALID_RANGES))
    it(`answers ${name}, on every call and for every role that may call it`, async () => {
      const wrong: string[] = [];
      for (const operation of dated)
        for (const role of ROLES.filter((role) => canCall(operation.access, role))) {
          const { url, query } = fill(operation, role);
          const response = await t.request({
            method: operation.method,
            url,
            query: { ...query, ...range },
            token: world.tokens[role],
          });
          if (response.statusCode !== 200)
            wrong.push(`${operation.name} as ${role}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        }
      expect(wrong, wrong.join('\n')).toEqual([]);
    });

  it('sets an assignment due on the first or the last date there is', async () => {
    for (const due_at of ['1900-01-01', '9999-12-31']) {
      const response = await t.request({
        method: 'POST',
        url: '/api/v1/worksheets/assignments',
        token: world.tokens.teacher,
        payload: { passage_id: world.passage.id, class_id: world.corners.own.class.id, due_at },
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<{ due_at: string }>().due_at).toBe(due_at);
    }
  });

  it('refuses an end before its start in words naming the field', async () => {
    const wrong: string[] = [];
    for (const operation of dated) {
      const role = ROLES.find((role) => canCall(operation.access, role))!;
      const { url, query } = fill(operation, role);
      const response = await t.request({
        method: operation.method,
        url,
        query: { ...query, start: '9999-12-31', end: '1900-01-01' },
        token: world.tokens[role],
      });
      const fields = response.statusCode === 400 ? Object.keys(response.json().error.fields ?? {}) : [];
      if (!fields.includes('query.end'))
        wrong.push(`${operation.name}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
  });
});
