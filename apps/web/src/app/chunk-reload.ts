/**
 * docs/rules.md C11: a page whose code fails to load reloads the target address in full. After a release the old
 * chunk names are gone from the server; a full load fetches the new index.html and with it the new names.
 * A flag per path in sessionStorage allows one reload, so a page that is really broken shows the error page
 * instead of reloading forever.
 */

/** Messages browsers and Vite give when a lazily imported module cannot be fetched. */
const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's preload helper
  /Loading (CSS )?chunk .* failed/i,
];

/** Whether `error` means a page's code could not be downloaded (as opposed to a bug in it). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' || CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(error.message))
  );
}

const flagKey = (path: string) => `readalong.chunk-reload:${path}`;

/** Indirection so tests can watch reloads: jsdom's `location.reload` cannot be replaced. */
export const browserPage = {
  reload: (): void => window.location.reload(),
};

/** Whether the page at `path` has already been reloaded once for a load failure. */
export function hasReloadedFor(path: string): boolean {
  try {
    return window.sessionStorage.getItem(flagKey(path)) !== null;
  } catch {
    // Storage blocked (private mode, policy): without a flag a loop cannot be stopped, so never reload.
    return true;
  }
}

/**
 * Reloads the page once per path. Returns false (and does nothing) when this path was already reloaded, so the
 * caller shows its error page instead.
 */
export function reloadOnceFor(path: string): boolean {
  if (hasReloadedFor(path)) return false;
  window.sessionStorage.setItem(flagKey(path), String(Date.now()));
  browserPage.reload();
  return true;
}

/** Forgets the reload of `path` once its page has shown, so a later release may reload it again. */
export function clearReloadFlag(path: string): void {
  try {
    window.sessionStorage.removeItem(flagKey(path));
  } catch {
    // Nothing stored when storage is blocked.
  }
}
