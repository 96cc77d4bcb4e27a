/**
 * Route loaders for SPEC.md §4's navigation guard: the parts this app has so far (rules 1 and 5). Token refresh,
 * roles and server validation join them with the areas that need them.
 */
import type { SessionUser } from '@readalong/contracts';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { paths } from '@/config/paths';
import { session } from '@/lib/session';

/** Rule 1: signed out → login, carrying the intended address as `next`. Resolves to the signed-in user. */
export async function requireSession({ request }: LoaderFunctionArgs): Promise<SessionUser | Response> {
  const user = await session.restore();
  if (user) return user;
  const url = new URL(request.url);
  return redirect(paths.login.getHref(url.pathname + url.search + url.hash));
}

/** Rule 5: a signed-in user who opens a public page goes to the landing page. */
export async function redirectSignedIn(): Promise<Response | null> {
  return (await session.restore()) ? redirect(paths.landing.getHref()) : null;
}
