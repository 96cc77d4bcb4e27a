/** The modules the build writes from the contracts (build/contract-data.ts, docs/rules.md B15). */
declare module 'virtual:api-routes' {
  import type { ApiRoute, OperationName } from '@readalong/contracts';

  const routes: Readonly<Record<OperationName, ApiRoute>>;
  export default routes;
}

declare module 'virtual:stored-shapes' {
  import type * as storedSchemas from '@/lib/stored-schemas';

  const shapes: Readonly<Record<keyof typeof storedSchemas, string>>;
  export default shapes;
}
