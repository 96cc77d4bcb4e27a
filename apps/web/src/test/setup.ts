import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { setAnalyticsSink } from '@/lib/analytics';
// Imported for its side effect too: the auth store plugs the session into the API client, as in the app.
import { authStore } from '@/lib/auth-store';
import { session } from '@/lib/session';
import { submittedPassages } from '@/lib/submitted-passages';
import { dismissAllToasts } from '@/lib/toasts';
import { server } from './server';

// Lazy pages load their code on first render; on a two-core machine shared with other suites (load average 15
// measured) that took more than five seconds. Only a failing test waits this long.
configure({ asyncUtilTimeout: 15_000 });

// jsdom lacks the layout APIs Mantine asks for; these stand-ins answer "no match" and "no size".
window.matchMedia = (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }) satisfies MediaQueryList;
// Mantine's combobox scrolls the highlighted option into view as the arrow keys move; jsdom has no scrolling.
Element.prototype.scrollIntoView = () => undefined;
// jsdom plays no media (its play() throws "not implemented" and returns nothing); a browser's play() is a promise.
HTMLMediaElement.prototype.play = () => Promise.resolve();
HTMLMediaElement.prototype.pause = () => undefined;
window.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await authStore.ready();
});
afterEach(async () => {
  cleanup();
  server.resetHandlers();
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  // Signed out without a server call: the next test starts from a clean browser.
  await Promise.all([session.end(), submittedPassages.clear()]);
  dismissAllToasts();
  setAnalyticsSink(undefined);
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterAll(() => server.close());
