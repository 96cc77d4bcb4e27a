/**
 * The input rules of docs/rules.md I1–I4, held once in common.ts: every text, id, count and date a call accepts
 * goes through them, so a value PostgreSQL would refuse is a 400 naming the field. The walk over every contract
 * below fails the day a new call accepts a plain string or an unbounded number.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DateInput,
  DateQuery,
  DateTimeInput,
  Id,
  IdList,
  MAX_INTEGER,
  RecordId,
  Text,
  allContracts,
  type Contract,
} from '../src/index.js';

type JsonSchema = Record<string, unknown>;

/** Every sub-schema of a JSON schema, with the path that reaches it. */
function* nodes(schema: unknown, path: string): Generator<[string, JsonSchema]> {
  if (typeof schema !== 'object' || schema === null) return;
  if (Array.isArray(schema)) {
    for (const item of schema) yield* nodes(item, path);
    return;
  }
  const node = schema as JsonSchema;
  yield [path, node];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && typeof value === 'object' && value !== null) {
      for (const [name, property] of Object.entries(value)) yield* nodes(property, `${path}.${name}`);
    } else if (key !== 'enum' && key !== 'const' && key !== 'default') yield* nodes(value, path);
  }
}

function inputsOf(contract: Contract): [string, z.ZodType][] {
  return Object.entries({
    params: contract.params,
    query: contract.query,
    body: contract.body,
    form: contract.multipart?.fields,
  }).filter((entry): entry is [string, z.ZodType] => entry[1] !== undefined);
}

const refusesNul = (node: JsonSchema) =>
  [node.pattern, ...((node.allOf as JsonSchema[] | undefined) ?? []).map((part) => part.pattern)].some(
    (pattern) => typeof pattern === 'string' && !new RegExp(pattern).test('a\u0000'),
  );
const withinInteger = (node: JsonSchema) => {
  const max = (node.maximum ?? node.exclusiveMaximum) as number | undefined;
  return max !== undefined && max <= MAX_INTEGER;
};

/**
 * The strings and numbers of every call's input that escape the shared rules: text as it arrives (a query's
 * `1,2` before it becomes ids), numbers as the call receives them (a coerced query value after its checks).
 */
function unruledInputs() {
  const problems: string[] = [];
  for (const contract of allContracts) {
    for (const [part, schema] of inputsOf(contract)) {
      const label = `${contract.name} ${part}`;
      const asSent = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
      for (const [path, node] of nodes(asSent, label)) {
        if (node.type === 'string' && !('enum' in node) && !('const' in node) && !refusesNul(node))
          problems.push(`${path}: text accepting NUL`);
      }
      const asReceived = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
      for (const [path, node] of nodes(asReceived, label)) {
        if ((node.type === 'integer' || node.type === 'number') && !('const' in node) && !withinInteger(node))
          problems.push(`${path}: number above ${MAX_INTEGER}`);
      }
    }
  }
  return problems;
}

describe('input rules (I1–I4)', () => {
  it('every text and number a call accepts goes through the shared rules', () => {
    expect(unruledInputs()).toEqual([]);
  });

  it('text refuses the NUL character, naming the problem (I1)', () => {
    const result = Text.safeParse('Sam\u0000');
    expect(result.error?.issues[0]?.message).toBe('must not contain a NUL character');
    expect(Text.parse('Sam ✓')).toBe('Sam ✓');
  });

  it('ids and counts stop at PostgreSQL’s integer (I2)', () => {
    expect(Id.parse('2147483647')).toBe(2147483647);
    expect(Id.safeParse('2147483648').error?.issues[0]?.message).toBe('must be at most 2147483647');
    expect(RecordId.safeParse(2 ** 53).success).toBe(false);
    expect(IdList.safeParse('1,99999999999999999999').success).toBe(false);
    expect(IdList.parse('1,2147483647')).toEqual([1, 2147483647]);
  });

  it('dates stay within 1900-01-01..9999-12-31 (I3)', () => {
    expect(DateInput.parse('1900-01-01')).toBe('1900-01-01');
    expect(DateInput.parse('9999-12-31')).toBe('9999-12-31');
    expect(DateInput.safeParse('0000-01-01').error?.issues[0]?.message).toBe(
      'must be between 1900-01-01 and 9999-12-31',
    );
    expect(DateInput.safeParse('1899-12-31').success).toBe(false);
    expect(DateTimeInput.safeParse('0000-01-01T00:00:00Z').success).toBe(false);
    expect(DateQuery.safeParse('0001-01-01').success).toBe(false);
    expect(DateQuery.parse('2026-09-15T09:00:00+02:00')).toBe('2026-09-15T09:00:00+02:00');
  });
});
