/**
 * The TanStack Query client. Created here, not in the providers, so that signing out (lib/auth-store) can empty
 * every live cache: cached answers belong to the user who just left.
 */
import { QueryClient, type QueryKey } from '@tanstack/react-query';

const liveClients = new Set<QueryClient>();

/**
 * docs/rules.md B7: a first screen's reads are started by its route (app/first-reads.ts) before the page mounts, and
 * for this long the page mounting takes what they brought, an answer or an error, as if it had asked itself. Past
 * it, those reads are like any other: stale at once, so a screen that mounts asks again (TanStack Query's default).
 */
export const FIRST_READ_FRESH_MS = 5_000;
const AS_JUST_ASKED = { staleTime: FIRST_READ_FRESH_MS, retryOnMount: false };

/** Records that a route has just started these reads of `client` (app/first-reads.ts). */
export function markFirstReads(client: QueryClient, queryKeys: readonly QueryKey[]): void {
  for (const queryKey of queryKeys) client.setQueryDefaults(queryKey, AS_JUST_ASKED);
  setTimeout(() => {
    for (const queryKey of queryKeys) client.setQueryDefaults(queryKey, {});
  }, FIRST_READ_FRESH_MS);
}

/** A query client with the app's defaults; app/providers.tsx makes one per app. */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      // Error answers (401, 403, 404, bad input) do not change when asked again; screens offer their own retry.
      queries: { retry: false },
    },
  });
  liveClients.add(client);
  return client;
}

/** Forgets every query and mutation of every client made by createQueryClient. */
export function clearQueryCaches(): void {
  liveClients.forEach((client) => client.clear());
}
