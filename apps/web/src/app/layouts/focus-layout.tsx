import { AppShell, Button, Container } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, Outlet } from 'react-router';
import { ROLE_HOMES, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth-store';
import { useScopedHref } from '@/shared/school-scope/school-scope';
import { AppHeader } from './app-header';
import { HEADER_HEIGHT } from './area-shell';
import { PageHeader } from './page-header';
import { MAIN_CONTENT_ID } from './skip-link';

/**
 * Reading, quizzes, placement and skill builders take the whole screen: no navigation bar, only the way back to
 * the user's home, so a child is not pulled away mid-book.
 */
export function FocusLayout() {
  const { userRole } = useAuth();
  // docs/rules.md C28: a department head previewing a book goes home with the school they picked.
  const scoped = useScopedHref();
  const home = scoped(userRole ? ROLE_HOMES[userRole] : paths.landing.getHref());
  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding={{ base: 'md', sm: 'xl' }}>
      <AppShell.Header>
        <AppHeader
          start={
            <Button
              component={Link}
              to={home}
              variant="default"
              leftSection={<IconArrowLeft size={20} aria-hidden />}
            >
              Home
            </Button>
          }
        />
      </AppShell.Header>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Container size="md" px={0}>
          <PageHeader />
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
