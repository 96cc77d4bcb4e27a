import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';

/** Replaces the router's developer error screen with a page a pupil or teacher can act on. */
export function RouteErrorPage() {
  useDocumentTitle('Something went wrong · ReadAlong');
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Title order={1}>Something went wrong</Title>
        <Text size="lg">The page could not be shown. Reloading usually fixes it.</Text>
        <Button size="lg" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </Stack>
    </Center>
  );
}
