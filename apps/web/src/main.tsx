import './app/zod-jitless';
// docs/rules.md B2: Mantine's base styles, in the order Mantine documents; each component's own stylesheet comes
// with the page that uses it (vite.config.ts). All in the `mantine` CSS layer, below the app's own CSS.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { renderOverStaticScreen } from './app/render-over-static-screen';
import { createAppRouter } from './app/router';
import { authStore } from './lib/auth-store';
import { createQueryClient } from './lib/query-client';

// The dev server pre-bundles Mantine, out of reach of the per-component imports the build adds: the whole sheet.
if (import.meta.env.DEV) void import('@mantine/core/styles.layer.css');

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// One data cache for the router and the screens: routes start their page's first reads in it (docs/rules.md B7).
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
afterFirstScreen(startRecordingOutboxWhenSignedIn);

const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);
// B9: a screen the build rendered stays painted until the router has what it shows; then the app renders over it.
if (root.firstElementChild) whenRouterInitialized(() => renderOverStaticScreen(root, app));
// The first render (the providers and the loader shown while the first page's code and data come) in short slices,
// as every later one is (the router renders in transitions): no long task of its own (docs/rules.md B11).
else startTransition(() => createRoot(root).render(app));

/** Runs `work` once the router has loaded the first page's code and run its first loaders. */
function whenRouterInitialized(work: () => void) {
  if (router.state.initialized) {
    work();
    return;
  }
  const stopListening = router.subscribe((state) => {
    if (!state.initialized) return;
    stopListening();
    work();
  });
}

/**
 * Runs `work` once the first screen is there: the router has run its first loaders (the session check, the page's
 * first reads, docs/rules.md B7) and the browser is idle after painting it. Work that can wait (the recording outbox
 * and its storage reads) then stays off the first screen's critical path (B5).
 */
function afterFirstScreen(work: () => void) {
  whenRouterInitialized(() =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(work, { timeout: 2000 })
      : setTimeout(work, 500),
  );
}

/**
 * Recordings kept in this browser while offline or after the tab closed are sent as soon as someone is signed in
 * (the outbox is per user), after the first screen. Its code loads then, so the sign-in screen does without it (B1).
 */
function startRecordingOutboxWhenSignedIn() {
  let started = false;
  const startIfSignedIn = () => {
    if (started || !authStore.getState().isAuthenticated) return;
    started = true;
    stopListening();
    void import('./lib/recording-outbox').then(({ startRecordingOutbox }) => startRecordingOutbox());
  };
  const stopListening = authStore.subscribe(startIfSignedIn);
  startIfSignedIn();
}
