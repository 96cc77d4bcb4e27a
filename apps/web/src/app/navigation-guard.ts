/**
 * The navigation guard of docs/rules.md C1 as one pure function: what it needs from the session comes in as arguments, so the
 * five rules can be tested as a table without a router, a store or a server.
 */
import type { Role } from '@readalong/contracts';
import { canEnter, type RouteAccess } from '@/config/access';
import { paths } from '@/config/paths';
import { sessionEndedMessage, type ValidationResult } from '@/lib/auth-store';

/** The parts of the auth state (lib/auth-store's AuthState) the guard reads. */
export interface GuardAuthState {
  isAuthenticated: boolean;
  isAuthExpired: boolean;
  userRole: Role | null;
}

/** What the guard may ask the session to do; lib/auth-store's methods fit. */
export interface GuardEffects {
  /** Renews the tokens; resolves false when they cannot be renewed. */
  refresh(): Promise<boolean>;
  /** Signs out here (and on the server if it can); always clears the user. */
  logout(): Promise<void>;
  /** Asks the server whether the session is still good. */
  validateUser(): Promise<ValidationResult>;
}

export interface NavigationRequest {
  route: RouteAccess;
  /** The address the user asked for, with query and hash: it becomes `next` on the way to login. */
  fullPath: string;
  auth: GuardAuthState;
}

export interface GuardToast {
  type: 'negative';
  message: string;
}

export type NavigationDecision = { kind: 'allow' } | { kind: 'redirect'; to: string; toast?: GuardToast };

const allow: NavigationDecision = { kind: 'allow' };
const toLanding = (): NavigationDecision => ({ kind: 'redirect', to: paths.landing.getHref() });
/** docs/rules.md C6: the 401's text picks the toast's message (sessionEndedMessage). */
const toLogin = (fullPath: string, toast?: GuardToast): NavigationDecision => ({
  kind: 'redirect',
  to: paths.login.getHref(fullPath),
  ...(toast && { toast }),
});

/** Applies the five rules of the guard (docs/rules.md C1) in their order; the first that applies decides. */
export async function decideNavigation(
  { route, fullPath, auth }: NavigationRequest,
  effects: GuardEffects,
): Promise<NavigationDecision> {
  // A role list only makes sense for a signed-in user, so it implies sign-in (rule 1 before rule 3).
  const needsAuth = route.requiresAuth === true || route.roles !== undefined;
  if (needsAuth && !auth.isAuthenticated) return toLogin(fullPath);
  if (!auth.isAuthenticated) return allow;

  if (auth.isAuthExpired && !(await refreshed(effects))) {
    await effects.logout();
    return toLogin(fullPath);
  }
  if (!canEnter(route, auth.userRole)) return toLanding();

  const validation = await validated(effects);
  if (!validation.ok && validation.status === 401) {
    await effects.logout();
    return toLogin(fullPath, { type: 'negative', message: sessionEndedMessage(validation.message) });
  }
  return route.isPublic === true ? toLanding() : allow;
}

/** A refresh that throws (no network) failed just like one that resolves false. */
async function refreshed(effects: GuardEffects): Promise<boolean> {
  return effects.refresh().catch(() => false);
}

/**
 * Only a 401 ends the session (docs/rules.md C1). A server that cannot be reached or answers 5xx says nothing
 * about the session, so the user keeps working rather than being signed out by a network blip.
 */
async function validated(effects: GuardEffects): ReturnType<GuardEffects['validateUser']> {
  return effects.validateUser().catch(() => ({ ok: true }) as const);
}
