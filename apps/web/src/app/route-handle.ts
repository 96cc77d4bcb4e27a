/**
 * What a route declares about itself in its `handle`: who may open it (config/access) and the page title. Children
 * inherit both from their parents; the deepest route that sets one wins.
 */
import { useMatches } from 'react-router';
import type { RouteAccess } from '@/config/access';

export interface RouteHandle {
  access?: RouteAccess;
  /** The page's name: its h1 (in the layouts) and the browser tab's title. */
  title?: string;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}

function deepest<K extends keyof RouteHandle>(
  handles: readonly unknown[],
  key: K,
): RouteHandle[K] | undefined {
  for (let index = handles.length - 1; index >= 0; index -= 1) {
    const handle = handles[index];
    if (isRouteHandle(handle) && handle[key] !== undefined) return handle[key];
  }
  return undefined;
}

/** The access rule that applies to a matched route, given the handles from the root down. Open when none. */
export function accessOf(handles: readonly unknown[]): RouteAccess {
  return deepest(handles, 'access') ?? {};
}

/** The title of a matched route, given the handles from the root down. */
export function titleOf(handles: readonly unknown[]): string | undefined {
  return deepest(handles, 'title');
}

/** The title of the page being shown. */
export function useRouteTitle(): string | undefined {
  return titleOf(useMatches().map((match) => match.handle));
}
