import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { redirectSignedIn, requireSession } from './guards';
import { PageLoader } from './page-loader';
import { RouteErrorPage } from './route-error-page';

/**
 * Every page loads on demand (SPEC.md §2). A function, because the router writes what a lazy route loaded onto its
 * route objects: each router needs objects of its own.
 */
export const createRoutes = (): RouteObject[] => [
  {
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        path: paths.login.path,
        loader: redirectSignedIn,
        lazy: { Component: async () => (await import('@/features/auth/login-screen')).LoginScreen },
      },
      {
        path: paths.landing.path,
        loader: requireSession,
        lazy: { Component: async () => (await import('@/features/landing/landing-page')).LandingPage },
      },
      {
        path: paths.notFound.path,
        lazy: { Component: async () => (await import('./not-found-page')).NotFoundPage },
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(createRoutes());
