/**
 * Navigation for code outside React (the API client after a lost session). The app connects its router so the
 * page is not reloaded (a reload would also lose the toast that explains why); until then the browser navigates.
 */
export interface AppNavigator {
  /** The address being shown: path, query and hash. */
  currentPath(): string;
  /** Goes to an address inside the app, replacing the current history entry. */
  go(href: string): void;
}

const browserNavigator: AppNavigator = {
  currentPath: () => window.location.pathname + window.location.search + window.location.hash,
  go: (href) => window.location.replace(href),
};

let navigator: AppNavigator = browserNavigator;

/**
 * Lets lib/ code navigate through the app's router. Call it once the router exists, e.g.
 * `connectNavigator({ currentPath: () => …router.state.location…, go: (href) => router.navigate(href, { replace: true }) })`.
 * Returns a function that disconnects it again.
 */
export function connectNavigator(replacement: AppNavigator): () => void {
  navigator = replacement;
  return () => {
    if (navigator === replacement) navigator = browserNavigator;
  };
}

/** The address being shown. */
export const currentPath = (): string => navigator.currentPath();

/** Goes to `href` inside the app. */
export const goTo = (href: string): void => navigator.go(href);
