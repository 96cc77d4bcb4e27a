/**
 * The TanStack Query client. Created here, not in the providers, so that signing out (lib/auth-store) can empty
 * every live cache: cached answers belong to the user who just left.
 */
import { QueryClient } from '@tanstack/react-query';

const liveClients = new Set<QueryClient>();

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
