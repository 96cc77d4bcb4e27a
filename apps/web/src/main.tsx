import './app/zod-jitless';
import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { authStore } from './lib/auth-store';
import { createQueryClient } from './lib/query-client';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// One data cache for the router and the screens: routes start their page's first reads in it (docs/rules.md B7).
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
startRecordingOutboxWhenSignedIn();

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

/**
 * Recordings kept in this browser while offline or after the tab closed are sent as soon as someone is signed in
 * (the outbox is per user). Its code loads then, so the sign-in screen does without it (docs/rules.md B1).
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
