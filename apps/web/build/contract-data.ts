/**
 * docs/rules.md B15: what the web app needs of the contracts as it starts, as plain data the build writes from
 * them, so no first screen loads zod or the contracts' schemas (41 KB as sent):
 * - `virtual:api-routes`: each call's method and path, and whether it sends a form or answers a file, by name
 *   (lib/api-client);
 * - `virtual:stored-shapes`: a fingerprint of each schema of lib/stored-schemas (what this browser keeps between
 *   visits), kept with the data and compared when it is read back (lib/stored-data), instead of parsing it.
 * Both are read once per build, test run or dev server: a contract changed meanwhile needs `npm run dev` again.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import type { ApiRoute, Contract } from '@readalong/contracts';
import type { z } from 'zod';

const MODULES = ['virtual:api-routes', 'virtual:stored-shapes'] as const;
type Module = (typeof MODULES)[number];

export function contractData(root: string): Plugin {
  const load = async (module: Module) => {
    if (module === 'virtual:api-routes') {
      const { contracts } = (await tsImport('@readalong/contracts', import.meta.url)) as {
        contracts: Record<string, Contract>;
      };
      return Object.fromEntries(
        Object.entries(contracts).map(([name, contract]) => [name, routeOf(contract)]),
      );
    }
    const [{ z: zod }, schemas] = (await Promise.all([
      tsImport('zod', import.meta.url),
      tsImport(path.join(root, 'src/lib/stored-schemas.ts'), import.meta.url),
    ])) as [{ z: typeof z }, Record<string, z.ZodType>];
    return Object.fromEntries(
      Object.entries(schemas).map(([name, schema]) => [name, fingerprint(zod.toJSONSchema(schema))]),
    );
  };
  return {
    name: 'readalong:contract-data',
    resolveId: (id) => (MODULES.includes(id as Module) ? `\0${id}` : undefined),
    async load(id) {
      const module = MODULES.find((name) => id === `\0${name}`);
      if (!module) return undefined;
      return `export default ${JSON.stringify(await load(module))};`;
    },
  };
}

/** What the API client needs of a contract to call it (lib/api-client). */
const routeOf = ({ method, path: route, multipart, mediaType }: Contract): ApiRoute => ({
  method,
  path: route,
  ...(multipart && { multipart: true }),
  ...(mediaType && { mediaType }),
});

const fingerprint = (jsonSchema: unknown) =>
  createHash('sha256').update(JSON.stringify(jsonSchema)).digest('base64url').slice(0, 16);
