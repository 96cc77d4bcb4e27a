import { AppShell, Container, Stack, em } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppHeader, NAVIGATION_ID } from './app-header';
import { PageHeader } from './page-header';
import { MAIN_CONTENT_ID } from './skip-link';

/** Mantine's `sm` breakpoint: below it the menu folds behind the burger. */
const WIDE_SCREEN = `(min-width: ${em(768)})`;
export const HEADER_HEIGHT = 72;

interface AreaShellProps {
  /** Names the menu landmark for screen readers. */
  menuLabel: string;
  menu: ReactNode;
  /** Controls for the whole area (the school picker): in the header when wide, atop the menu when narrow. */
  tools?: ReactNode;
}

/** The frame of an area with a menu: header, a side menu that is a drawer below 768 px, and the page. */
export function AreaShell({ menuLabel, menu, tools }: AreaShellProps) {
  const [isMenuOpen, { toggle, close }] = useDisclosure(false);
  const isWide = useMediaQuery(WIDE_SCREEN) ?? false;
  const { pathname } = useLocation();
  // Choosing a page on a phone closes the drawer, so the page is what the user sees next.
  useEffect(close, [pathname, close]);

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: { sm: 248, lg: 280 }, breakpoint: 'sm', collapsed: { mobile: !isMenuOpen } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header>
        <AppHeader menu={{ isOpen: isMenuOpen, toggle }} end={isWide ? tools : undefined} />
      </AppShell.Header>
      {/* A folded drawer is off screen; `inert` keeps the keyboard out of it too. */}
      <AppShell.Navbar
        id={NAVIGATION_ID}
        aria-label={menuLabel}
        p="sm"
        inert={!isWide && !isMenuOpen}
        // The staff menu is taller than a laptop screen: it scrolls on its own, beside the page.
        style={{ overflowY: 'auto' }}
      >
        <Stack gap="md">
          {!isWide && tools}
          {menu}
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Container size="lg" px={0}>
          <PageHeader />
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
