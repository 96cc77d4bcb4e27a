/** Helpers for the status-code ladder every endpoint is tested on: 401 → 400 → 403 → 404 → success. */
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';

export function expectError(response: LightMyRequestResponse, status: number, field?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<{ error: { code: string; message: string; fields?: Record<string, string> } }>();
  expect(body.error.message).toEqual(expect.any(String));
  if (field) expect(Object.keys(body.error.fields ?? {})).toContain(field);
  return body.error;
}
