/**
 * docs/rules.md B7: a first screen asks for its data while its code and the session check (the root's guard) are
 * still on their way, rather than once it has mounted, which comes after both. Its route's loader starts the reads
 * in the app's data cache and returns at once, so the page still shows its skeletons while the answers come; the
 * page's own queries then find them there, fresh (lib/query-client, FIRST_READ_FRESH_MS).
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { canEnter, type RouteAccess } from '@/config/access';
import { authStore } from '@/lib/auth-store';
import { markFirstReads } from '@/lib/query-client';

/** Starts a page's first reads in the data cache (each a `prefetchQuery`) and names them. */
export type FirstReads = (queryClient: QueryClient) => readonly QueryKey[];

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
  return () => {
    // A page whose code fails to load shows that through its route (docs/rules.md C11), not here.
    startFirstReads(queryClient, access, load).catch(() => undefined);
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
  markFirstReads(queryClient, startReads(queryClient));
}
