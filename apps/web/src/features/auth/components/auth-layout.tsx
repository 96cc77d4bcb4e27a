import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useRef, type ReactNode } from 'react';
import { MAIN_CONTENT_ID } from '@/app/layouts/skip-link';

interface AuthLayoutProps {
  /** The page's one h1; also the document title. */
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
  /** Focus the heading on mount as well: for a view that replaces another one (a result, a checked link). */
  focusHeadingOnMount?: boolean;
}

/**
 * The frame of the public screens: a centred card that fills a 360 px phone edge to edge less a small margin.
 * When the heading changes (form → confirmation) focus moves to it, so a screen reader announces the new state.
 */
export function AuthLayout({ title, intro, children, focusHeadingOnMount = false }: AuthLayoutProps) {
  useDocumentTitle(`${title} · ReadAlong`);
  const heading = useRef<HTMLHeadingElement>(null);
  const shownTitle = useRef<string | null>(null);
  useEffect(() => {
    // A page's first heading is where reading starts anyway; only a change needs announcing. Comparing titles
    // (not counting runs) keeps StrictMode's second effect run from counting as a change.
    const isChange = shownTitle.current !== null && shownTitle.current !== title;
    shownTitle.current = title;
    if (isChange || focusHeadingOnMount) heading.current?.focus();
  }, [title, focusHeadingOnMount]);

  return (
    <Center component="main" id={MAIN_CONTENT_ID} mih="100dvh" p={{ base: 'sm', xs: 'md' }} bg="indigo.0">
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Text fw={800} size="xl" c="indigo.8">
              ReadAlong
            </Text>
            {/* Focusable by script only, to be announced; its ring shows where the keyboard is (X2). */}
            <Title order={1} ref={heading} tabIndex={-1}>
              {title}
            </Title>
            {intro && (
              <Text size="lg" c="dimmed">
                {intro}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
