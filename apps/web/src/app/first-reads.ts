/**
 * docs/rules.md B7: a first screen asks for its data while its code and the session check (the root's guard) are
 * still on their way, rather than once it has mounted, which comes after both. Its route's loader starts the reads
 * in the app's data cache and, B11, returns once those the cache had no answer to have answered (the session
 * check answers about then), or after FIRST_READS_WAIT_MS, when the page shows its skeletons for the rest; the
 * page's own queries then find them there, fresh (lib/query-client, FIRST_READ_FRESH_MS).
 */
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { canEnter, type RouteAccess } from '@/config/access';
import { authStore } from '@/lib/auth-store';
import { markFirstReads } from '@/lib/query-client';

/** One read a route started: its key in the data cache, and its `prefetchQuery`, settled when it has answered. */
export interface FirstRead {
  queryKey: QueryKey;
  answered: Promise<void>;
}

/** Starts a page's first reads in the data cache (each a `prefetchQuery`). */
export type FirstReads = (queryClient: QueryClient) => readonly FirstRead[];

/** A first read of a (not infinite) query: its `prefetchQuery`. */
export function prefetched<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
): FirstRead {
  return { queryKey: options.queryKey, answered: queryClient.prefetchQuery(options) };
}

/**
 * How long a route waits for the first reads the cache has no answer to before the page renders without the ones
 * still out (with their skeletons). Within it, the page renders once, with its data, rather than once per answer
 * (docs/rules.md B11).
 */
export const FIRST_READS_WAIT_MS = 1_000;

/**
 * The loader of a page that `access` opens, starting the reads `load` brings. None without a data cache to fill
 * (the tests' routes, src/test/render-app): the page then asks when it mounts, as every other page does.
 */
export function firstReadsLoader(
  queryClient: QueryClient | undefined,
  access: RouteAccess,
  load: () => Promise<FirstReads>,
): LoaderFunction | undefined {
  if (!queryClient) return undefined;
  return async () => {
    // A page whose code fails to load shows that through its route (docs/rules.md C11), not here.
    await startFirstReads(queryClient, access, load).catch(() => undefined);
    return null;
  };
}

async function startFirstReads(
  queryClient: QueryClient,
  access: RouteAccess,
  load: () => Promise<FirstReads>,
): Promise<void> {
  await authStore.ready();
  const { isAuthenticated, isAuthExpired, userRole } = authStore.getState();
  // Only where the guard will let the user in as they are: signed out, expired (renewed first) or another role
  // is sent elsewhere, and the page, if it is reached, asks for itself.
  if (!isAuthenticated || isAuthExpired || !canEnter(access, userRole)) return;
  const startReads = await load();
  const reads = startReads(queryClient);
  markFirstReads(
    queryClient,
    reads.map((read) => read.queryKey),
  );
  // B11: the session check (the root's guard) answers about when these do; the page then renders once, with them.
  // What the cache holds already (a later visit to the page) shows at once and is brought up to date meanwhile.
  const awaited = reads.filter((read) => queryClient.getQueryData(read.queryKey) === undefined);
  if (awaited.length === 0) return;
  await Promise.race([Promise.all(awaited.map((read) => read.answered)), delay(FIRST_READS_WAIT_MS)]);
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
