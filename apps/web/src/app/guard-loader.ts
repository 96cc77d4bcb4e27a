/**
 * Wires the pure navigation guard (navigation-guard.ts) into the router: the root route's loader, run before every
 * navigation, with the access rule of the route being opened and the live session (lib/auth-store).
 */
import { matchRoutes, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { authStore } from '@/lib/auth-store';
import { showToast } from '@/lib/toasts';
import { decideNavigation, type GuardEffects } from './navigation-guard';
import { accessOf } from './route-handle';

const sessionEffects: GuardEffects = {
  refresh: () => authStore.refresh(),
  logout: () => authStore.logout(),
  validateUser: () => authStore.validateUser(),
};

/**
 * A loader for the root route. It reads the access rule from the handles of the routes `url` matches (the router
 * has not matched them for the root's loader), so `routes` is the same tree the router was made from.
 */
export function createGuardLoader(routes: () => readonly RouteObject[]) {
  return async ({ request }: LoaderFunctionArgs): Promise<Response | null> => {
    const url = new URL(request.url);
    // The stored session first: the routes are matched once it has been read, in a task of their own, not in the
    // one that makes the router and ranks them too (docs/rules.md B13).
    await authStore.ready();
    const matches = matchRoutes([...routes()], url.pathname) ?? [];
    const decision = await decideNavigation(
      {
        route: accessOf(matches.map((match) => match.route.handle as unknown)),
        fullPath: url.pathname + url.search + hashOf(url),
        auth: authStore.getState(),
      },
      sessionEffects,
    );
    if (decision.kind === 'allow') return null;
    if (decision.toast) showToast(decision.toast);
    return redirect(decision.to);
  };
}

/**
 * A loader's request carries no hash. On the first load of a deep link the browser's address still holds it, so
 * the intended full path (docs/rules.md C1, `next`) keeps its `#target`.
 */
function hashOf(url: URL): string {
  const isAddressBar = window.location.pathname === url.pathname && window.location.search === url.search;
  return isAddressBar ? window.location.hash : '';
}
