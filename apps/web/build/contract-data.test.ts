import { contracts } from '@readalong/contracts';
import routes from 'virtual:api-routes';
import shapes from 'virtual:stored-shapes';
import { describe, expect, it } from 'vitest';
import * as storedSchemas from '../src/lib/stored-schemas';

describe('what the build writes from the contracts (B15)', () => {
  it('gives the API client every call, with its contract’s method and path, form and file answers', () => {
    expect(Object.keys(routes).sort()).toEqual(Object.keys(contracts).sort());
    for (const [name, contract] of Object.entries(contracts)) {
      expect(routes[name as keyof typeof routes], name).toEqual({
        method: contract.method,
        path: contract.path,
        ...('multipart' in contract && { multipart: true }),
        ...('mediaType' in contract && { mediaType: contract.mediaType }),
      });
    }
  });

  it('fingerprints each stored shape, differently', () => {
    expect(Object.keys(shapes).sort()).toEqual(Object.keys(storedSchemas).sort());
    expect(new Set(Object.values(shapes)).size).toBe(Object.keys(shapes).length);
    for (const shape of Object.values(shapes)) expect(shape).toMatch(/^[\w-]{16}$/);
  });
});
