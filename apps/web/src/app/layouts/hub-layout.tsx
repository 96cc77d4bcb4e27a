import { AppShell, Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { AppHeader } from './app-header';
import { HEADER_HEIGHT } from './area-shell';
import { MAIN_CONTENT_ID } from './skip-link';

/** The landing page's frame: the header with the account menu, and no navigation bar (docs/rules.md C26). */
export function HubLayout() {
  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding={{ base: 'md', sm: 'xl' }}>
      <AppShell.Header>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Container size="lg" px={0}>
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
