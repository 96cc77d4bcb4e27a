import { Progress } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { clearReloadFlag } from './chunk-reload';
import { SkipLink } from './layouts/skip-link';
import { useRouteTitle } from './route-handle';
import { useAppScroll } from './use-app-scroll';
import { useFocusOnNavigation } from './use-focus-on-navigation';

const APP_NAME = 'ReadAlong';

/** The root route's frame around every page: skip link, tab title, scrolling, focus (X2) and a navigation progress bar. */
export function AppRoot() {
  const title = useRouteTitle();
  const { pathname } = useLocation();
  const isNavigating = useNavigation().state !== 'idle';
  // Pages without a title in their handle (the sign-in screens) set their own.
  useDocumentTitle(title ? `${title} · ${APP_NAME}` : '');
  useAppScroll();
  useFocusOnNavigation();
  // This page's code loaded: a later failure here (after the next release) may reload once again.
  useEffect(() => clearReloadFlag(pathname), [pathname]);

  return (
    <>
      <SkipLink />
      {isNavigating && (
        <Progress
          value={100}
          animated
          size="xs"
          radius={0}
          aria-label="Loading the next page"
          pos="fixed"
          top={0}
          left={0}
          right={0}
          style={{ zIndex: 1000 }}
        />
      )}
      <Outlet />
    </>
  );
}
