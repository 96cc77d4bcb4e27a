import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useLocation, useRouteError } from 'react-router';
import { useFocusOnShow } from '@/components/use-focus-on-show';
import { browserPage, hasReloadedFor, isChunkLoadError, reloadOnceFor } from './chunk-reload';
import { PageLoader } from './page-loader';
import { MAIN_CONTENT_ID } from './layouts/skip-link';

/**
 * Replaces the router's developer error screen with a page a pupil or teacher can act on. A page whose code could
 * not be downloaded reloads the address once instead (docs/rules.md C11), showing the loader meanwhile.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { pathname } = useLocation();
  // Decided once per error: after the reload is claimed the flag is set, and a re-render must not show the error.
  const [willReload] = useState(() => isChunkLoadError(error) && !hasReloadedFor(pathname));

  useEffect(() => {
    if (willReload) reloadOnceFor(pathname);
  }, [willReload, pathname]);

  return willReload ? <PageLoader /> : <ErrorMessage />;
}

function ErrorMessage() {
  useDocumentTitle('Something went wrong · ReadAlong');
  // X2: this page replaces the app's frame (and its focus on navigation), so it moves focus to its heading itself.
  const main = useFocusOnShow<HTMLElement>(true);
  return (
    <Center component="main" ref={main} id={MAIN_CONTENT_ID} mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Title order={1}>Something went wrong</Title>
        <Text size="lg">The page could not be shown. Reloading usually fixes it.</Text>
        <Button size="lg" onClick={browserPage.reload}>
          Reload the page
        </Button>
      </Stack>
    </Center>
  );
}
