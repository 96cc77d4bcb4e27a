import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { onTestFinished } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createRoutes } from '@/app/router';
import { connectNavigator } from '@/lib/navigation';
import { createQueryClient } from '@/lib/query-client';

/** Renders the whole app, routes and providers as in production (main.tsx), starting at `path`. */
export function renderApp(path: string) {
  // One data cache for the routes (which start a first screen's reads) and the screens, as main.tsx makes it.
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  // lib/ code (the API client after a lost session) navigates through this router, as the app's does.
  const disconnect = connectNavigator({
    currentPath: () => {
      const { pathname, search, hash } = router.state.location;
      return pathname + search + hash;
    },
    go: (href) => void router.navigate(href, { replace: true }),
  });
  onTestFinished(disconnect);
  const user = userEvent.setup();
  const { unmount } = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user, unmount };
}
