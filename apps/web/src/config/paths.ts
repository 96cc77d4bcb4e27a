/** Every address in the app, in one place: routes use `path`, links and redirects use `getHref`. */
export const paths = {
  landing: {
    path: '/',
    getHref: () => '/',
  },
  login: {
    path: '/login',
    /** `next` is where to go after signing in (SPEC.md §4, guard rule 1). */
    getHref: (next?: string) => (next ? `/login?${new URLSearchParams({ next }).toString()}` : '/login'),
  },
  notFound: {
    path: '*',
  },
} as const;

/** The `next` address if it stays inside the app, else the landing page; stops open redirects to other sites. */
export function nextPathOrLanding(next: string | null): string {
  const isLocal = next !== null && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\');
  return isLocal ? next : paths.landing.getHref();
}
