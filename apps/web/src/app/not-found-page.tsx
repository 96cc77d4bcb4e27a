import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { MAIN_CONTENT_ID } from './layouts/skip-link';

export function NotFoundPage() {
  useDocumentTitle('Page not found · ReadAlong');
  return (
    // The skip link (drawn by the app's root) leads here, as on every page.
    <Center component="main" id={MAIN_CONTENT_ID} mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Title order={1}>Page not found</Title>
        <Text size="lg">There is nothing at this address. It may have moved, or the link may be wrong.</Text>
        <Button component={Link} to={paths.landing.getHref()} size="lg">
          Go to the start page
        </Button>
      </Stack>
    </Center>
  );
}
