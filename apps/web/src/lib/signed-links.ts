/**
 * Signed download links (docs/rules.md C25): a link is stale when it has no expiry or expires within the hour, and a
 * stale link is never reused. Queries whose answers carry links stay fresh only as long as their links do.
 */
const STALE_BEFORE_EXPIRY_MS = 60 * 60 * 1000;

/** When a signed link stops being fresh (ms since the epoch), or 0 when it is stale from the start. */
function linkFreshUntil(url: string): number {
  const expires = Number(new URL(url, 'http://link.invalid').searchParams.get('expires'));
  return Number.isFinite(expires) && expires > 0 ? expires * 1000 - STALE_BEFORE_EXPIRY_MS : 0;
}

export const isFreshLink = (url: string, now = Date.now()) => linkFreshUntil(url) > now;

/**
 * How long data holding these links may be reused (a query's `staleTime`): at most `atMost`, and never past the
 * moment the first of its links turns stale.
 */
export function freshFor(urls: readonly (string | null | undefined)[], atMost: number, now = Date.now()) {
  const until = urls.filter((url): url is string => !!url).map(linkFreshUntil);
  return Math.max(0, Math.min(atMost, ...until.map((moment) => moment - now)));
}
