/**
 * docs/rules.md B9: the HTML of the first screens that show the same to everyone (no session, no data), rendered at
 * build by react-dom/server from the real components inside the app's own frame (providers, AppRoot), so the
 * browser paints the page before any JavaScript has arrived; main.tsx then renders the app over it, the same pixels.
 * Only the build imports this module (build/render-first-screens.ts): it is in no chunk of the app.
 */
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LoginScreen } from '@/features/auth/login-screen';
import { paths } from '@/config/paths';
import { AppRoot } from './app-root';
import { AppProviders } from './providers';

/** The screens rendered at build, by address: each is also a route of app/router.tsx with the same component. */
const STATIC_SCREENS: Readonly<Record<string, ComponentType>> = {
  [paths.login.path]: LoginScreen,
};

/** The markup of #root for `address`, as the app first renders it there. */
export function renderStaticScreen(address: string): string {
  const Screen = STATIC_SCREENS[address];
  if (!Screen)
    throw new Error(`static first screens: nothing renders ${address} (app/static-first-screen.tsx)`);
  const router = createMemoryRouter(
    [{ Component: AppRoot, children: [{ path: address, Component: Screen }] }],
    {
      initialEntries: [address],
    },
  );
  return submitsOnceTheAppRuns(
    renderToString(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    ),
  );
}

/**
 * The built page's submit buttons are disabled until the app renders over it (its own are not): pressed before the
 * JavaScript arrived, the bare form would send nothing and reload the page, losing what was typed (the browser
 * journeys did so on a loaded machine). Typing carries over (render-over-static-screen.ts); with the default button
 * disabled, Enter submits nothing either, and the press waits for the app.
 */
function submitsOnceTheAppRuns(markup: string): string {
  return markup.replace(/<button(?=[^>]*\btype="submit")/g, '<button disabled=""');
}
