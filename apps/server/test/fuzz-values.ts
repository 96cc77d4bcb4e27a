/**
 * Values generated from the OpenAPI document's JSON schemas with fast-check: a valid-looking value (the world's
 * ids, text matching each pattern, dates of this century and the first and last accepted; a date range often one of
 * the named ranges of I3/I6: the edges, an end before its start, a hundred years, across a daylight-saving change), usually with one leaf swapped for what breaks careless
 * code — NUL in text, integers past PostgreSQL's, dates it cannot hold, wrong types, a missing or an extra field —
 * so the request passes every other check and the bad value reaches as deep as it can.
 */
import fc from 'fast-check';
import type { JsonSchema } from './openapi.js';

const MAX_INTEGER = 2_147_483_647;
const HOSTILE_NUMBERS = [-1, 0, 1.5, 1e-300, MAX_INTEGER, MAX_INTEGER + 1, -MAX_INTEGER - 2, 2 ** 53, 1e300];
const HOSTILE_DATES = ['0000-01-01', '1899-12-31', '10000-01-01', '0000-01-01T00:00:00Z', '2026-02-30'];
const HOSTILE_TEXTS = [
  '',
  ' ',
  '\u0000',
  '2147483648',
  '99999999999999999999',
  '-1',
  '1,2',
  '%00',
  'x'.repeat(6000),
  "'; drop table users; --",
  '😀\ud800',
];
const WRONG_TYPES = [null, 'text', 123, true, [], {}, [1, 2]];

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type[0] : schema.type;
}

function matching(pattern: string): fc.Arbitrary<string> {
  for (const flags of ['u', '']) {
    try {
      return fc.stringMatching(new RegExp(pattern, flags), { size: 'xsmall' });
    } catch {
      // not a pattern fast-check can generate from with these flags; try the next
    }
  }
  return fc.string({ maxLength: 20 });
}

const isoDate = fc
  .date({ min: new Date('2000-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
  .map((date) => date.toISOString());
/** The first and last dates a call accepts (I3): each day's end, or its start, lies outside what JavaScript writes plainly. */
const EDGE_DATES = ['1900-01-01', '9999-12-31'];
const EDGE_DATE_TIMES = [
  '1900-01-01T00:00:00+14:00',
  '9999-12-31T23:59:59.999Z',
  '9999-12-31T23:59:59-12:00',
];

/**
 * Ranges for a call's `start` and `end` (I3, I6; undefined leaves the field out): every date there is, the edges
 * alone, an end before its start, a hundred years, and ranges across a daylight-saving change (Europe's and North
 * America's, spring and autumn), as dates and as date-times with the offsets either side of it.
 */
const DATE_RANGES: [string | undefined, string | undefined][] = [
  ['1900-01-01', '9999-12-31'],
  [undefined, '9999-12-31'],
  ['1900-01-01', undefined],
  ['9999-12-31', '9999-12-31'],
  ['1900-01-01', '1900-01-01'],
  ['9999-12-31', '1900-01-01'],
  ['2026-05-02', '2026-05-01'],
  ['1950-01-01', '2049-12-31'],
  ['1926-09-15', '2026-09-15'],
  ['2026-03-01', '2026-04-15'],
  ['2026-10-20', '2026-11-05'],
];
const DATE_TIME_RANGES: [string, string][] = [
  ['2026-03-08T01:30:00-05:00', '2026-03-08T03:30:00-04:00'],
  ['2026-10-25T00:30:00+02:00', '2026-10-25T02:30:00+01:00'],
  ['1900-01-01T00:00:00+14:00', '9999-12-31T23:59:59.999-12:00'],
  ['9999-12-31T23:59:59-12:00', '9999-12-31T23:59:59.999-12:00'],
];

const isDateSchema = (schema: JsonSchema | undefined, format: 'date' | 'date-time') =>
  !!schema && (schema.format === format || (schema.anyOf ?? []).some((variant) => variant.format === format));

/** A named range for an object with date fields `start` and `end`, fitting their formats. */
function dateRange(schema: JsonSchema): fc.Arbitrary<Record<string, string>> | undefined {
  const { start, end } = schema.properties ?? {};
  if (!isDateSchema(start, 'date') || !isDateSchema(end, 'date')) return undefined;
  const withTimes = isDateSchema(start, 'date-time') && isDateSchema(end, 'date-time');
  return fc.constantFrom(...DATE_RANGES, ...(withTimes ? DATE_TIME_RANGES : [])).map(([from, to]) => ({
    ...(from !== undefined && { start: from }),
    ...(to !== undefined && { end: to }),
  }));
}

function validText(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date')
    return fc.oneof(
      { arbitrary: isoDate.map((value) => value.slice(0, 10)), weight: 3 },
      { arbitrary: fc.constantFrom(...EDGE_DATES), weight: 1 },
    );
  if (schema.format === 'date-time')
    return fc.oneof(
      { arbitrary: isoDate, weight: 3 },
      { arbitrary: fc.constantFrom(...EDGE_DATE_TIMES), weight: 1 },
    );
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uri') return fc.webUrl();
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.pattern) return matching(schema.pattern);
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 20, 20) });
}

/** A value the schema accepts, or close to it. */
export function validValue(schema: JsonSchema, ids: readonly number[]): fc.Arbitrary<unknown> {
  const value = wellFormed(schema, ids);
  return schema.nullable ? fc.oneof(value, fc.constant(null)) : value;
}

function wellFormed(schema: JsonSchema, ids: readonly number[]): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((variant) => validValue(variant, ids)));
  switch (typeOf(schema)) {
    case 'integer':
    case 'number': {
      const min = Math.max(typeof schema.minimum === 'number' ? schema.minimum : -MAX_INTEGER, -MAX_INTEGER);
      const max = Math.min(schema.maximum ?? MAX_INTEGER, MAX_INTEGER);
      if (typeOf(schema) === 'number') return fc.double({ min, max, noNaN: true });
      const low = schema.exclusiveMinimum === true ? Math.floor(min) + 1 : Math.ceil(min);
      const known = ids.filter((id) => id >= low && id <= max);
      const anyInRange = fc.integer({ min: low, max: Math.floor(max) });
      return known.length ? fc.oneof(fc.constantFrom(...known), anyInRange) : anyInRange;
    }
    case 'string':
      return validText(schema);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(schema.items ?? {}, ids), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case 'object': {
      const fields = fc.record(
        Object.fromEntries(
          Object.entries(schema.properties ?? {}).map(([key, value]) => [key, validValue(value, ids)]),
        ),
        { requiredKeys: schema.required ?? [] },
      );
      // A date range is as often one of the named ranges as two dates drawn apart.
      const range = dateRange(schema);
      if (!range) return fields;
      return fc.tuple(fields, fc.option(range, { freq: 2 })).map(([base, named]) => {
        if (!named) return base;
        const { start: _start, end: _end, ...rest } = base;
        return { ...rest, ...named };
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** A bad value in place of one that fits the schema. */
function hostileValue(schema: JsonSchema, ids: readonly number[]): fc.Arbitrary<unknown> {
  const wrongType = fc.constantFrom(...WRONG_TYPES);
  switch (typeOf(schema) ?? typeOf(schema.anyOf?.[0] ?? {})) {
    case 'integer':
    case 'number':
      return fc.oneof(fc.constantFrom(...HOSTILE_NUMBERS), wrongType);
    case 'string':
      return fc.oneof(
        { arbitrary: validText(schema).map((text) => `${text}\u0000`), weight: 2 },
        { arbitrary: fc.constantFrom(...HOSTILE_DATES, ...HOSTILE_TEXTS), weight: 2 },
        { arbitrary: wrongType, weight: 1 },
      );
    case 'object':
      return fc.oneof({ arbitrary: mutated(schema, ids), weight: 3 }, { arbitrary: wrongType, weight: 1 });
    case 'array':
      return fc.oneof(
        fc.tuple(hostileValue(schema.items ?? {}, ids)).map(([item]) => [item]),
        fc.constant(Array.from({ length: (schema.maxItems ?? 10) + 1 }, () => 1)),
        wrongType,
      );
    default:
      return wrongType;
  }
}

/** A valid-looking object with one property bad, a required one missing, or an unexpected one added. */
function mutated(schema: JsonSchema, ids: readonly number[]): fc.Arbitrary<unknown> {
  const keys = Object.keys(schema.properties ?? {});
  const required = schema.required ?? [];
  const changes = [...keys, '+extra', ...(required.length ? ['-missing'] : [])];
  return fc
    .tuple(
      validValue({ ...schema, nullable: false }, ids),
      fc.constantFrom(...changes),
      fc.constantFrom('', ...required),
    )
    .chain(([base, change, missing]) => {
      const value = base as Record<string, unknown>;
      if (change === '+extra') return fc.constant({ ...value, unexpected_field: 1 });
      if (change === '-missing')
        return fc.constant(Object.fromEntries(Object.entries(value).filter(([key]) => key !== missing)));
      return hostileValue(schema.properties![change]!, ids).map((bad) => ({ ...value, [change]: bad }));
    });
}

/**
 * A request's parts (params, query, body, form) as objects: usually valid-looking with one part bad (one of its
 * fields, as above), sometimes wholly valid.
 */
export function fuzzRequest(
  parts: Record<string, JsonSchema>,
  ids: readonly number[],
): fc.Arbitrary<Record<string, unknown>> {
  const valid = fc.record(
    Object.fromEntries(Object.entries(parts).map(([key, schema]) => [key, validValue(schema, ids)])),
  );
  const keys = Object.keys(parts);
  if (!keys.length) return valid;
  const withOneBad = fc
    .tuple(valid, fc.constantFrom(...keys))
    .chain(([base, key]) => hostileValue(parts[key]!, ids).map((bad) => ({ ...base, [key]: bad })));
  return fc.oneof({ arbitrary: valid, weight: 1 }, { arbitrary: withOneBad, weight: 4 });
}

/** A query or path value as text; an array becomes a repeated parameter. */
export function asQueryValue(value: unknown): string | string[] {
  if (Array.isArray(value))
    return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
  if (typeof value === 'string') return value;
  return value === null || value === undefined ? '' : JSON.stringify(value);
}
