import type { SessionUser } from '@readalong/contracts';
import { Badge, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useLoaderData } from 'react-router';
import { useSignOut } from '@/features/auth/api/logout';
import { ROLE_LABELS } from './role-labels';

/** The authenticated root (SPEC.md §2): no navigation bar; any signed-in user may reach it. */
export function LandingPage() {
  useDocumentTitle('Welcome · ReadAlong');
  // The route's guard loader (requireSession) resolves to the signed-in user.
  const user = useLoaderData<SessionUser>();
  const signOut = useSignOut();

  return (
    <>
      <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="md">
          <Group justify="space-between">
            <Text fw={800} size="xl" c="indigo.8">
              ReadAlong
            </Text>
            <Button variant="default" onClick={() => signOut.mutate()} loading={signOut.isPending}>
              Sign out
            </Button>
          </Group>
        </Container>
      </Box>
      <Container component="main" size="md" py={{ base: 'xl', sm: 48 }}>
        <Stack gap="md">
          <Title order={1}>Hello, {user.first_name}!</Title>
          <Group gap="xs">
            <Text size="lg">You are signed in as</Text>
            <Badge size="lg" variant="filled" color="indigo.8">
              {ROLE_LABELS[user.login_role]}
            </Badge>
          </Group>
        </Stack>
      </Container>
    </>
  );
}
