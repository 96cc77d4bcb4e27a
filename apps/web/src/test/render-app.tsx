import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { onTestFinished } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createRoutes } from '@/app/router';
import { connectNavigator } from '@/lib/navigation';

/** Renders the whole app, routes and providers as in production, starting at `path`. */
export function renderApp(path: string) {
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
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
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user, unmount };
}
