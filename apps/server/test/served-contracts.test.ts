/** Every endpoint the server serves comes from a contract, and every non-public one refuses a missing session. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allContracts, fillPath } from '@readalong/contracts';
import { moduleRoutes } from '../src/http/app.js';
import { createTestApp, type TestApp } from './app.js';
import { expectError } from './ladder.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('served contracts', () => {
  it('every route is one of the contracts, registered once', () => {
    const served = moduleRoutes(t.deps).routes.map((route) => route.contract);
    expect(new Set(served).size).toBe(served.length);
    for (const contract of served) expect(allContracts).toContain(contract);
  });

  it('401 for every non-public served call without a session', async () => {
    const served = moduleRoutes(t.deps)
      .routes.map((route) => route.contract)
      .filter((contract) => contract.access !== 'public');
    for (const contract of served) {
      const url =
        '/api' +
        fillPath(
          contract.path,
          Object.fromEntries([...contract.path.matchAll(/\{(\w+)\}/g)].map(([, key]) => [key!, 1])),
        );
      expectError(await t.request({ method: contract.method, url }), 401);
    }
  });

  it('the OpenAPI document lists every served call', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, unknown>;
    }>();
    for (const { contract } of moduleRoutes(t.deps).routes) {
      expect(Object.keys(document.paths)).toContain('/api' + contract.path);
    }
  });
});
