import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface WorkRowProps {
  /** Unique on the page: names the row for screen readers. */
  id: string;
  /** The title and anything that sits beside it (a New badge). */
  title: string;
  titleBadges?: ReactNode;
  /** Short facts under the title. */
  children?: ReactNode;
  /** The one way into the work, if it has one (a WorkLink or a button). */
  action?: ReactNode;
}

/** One piece of the student's work in a list: what it is, how it went, and a large way back into it. */
export function WorkRow({ id, title, titleBadges, children, action }: WorkRowProps) {
  const titleId = `${id}-title`;
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-labelledby={titleId}>
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={6} style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Group gap="xs">
            <Title order={3} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
            {titleBadges}
          </Group>
          {children}
        </Stack>
        {action}
      </Group>
    </Paper>
  );
}

interface WorkLinkProps {
  label: string;
  /** The work's title, so the link's name says where it goes ("Read again: The Lost Kite"). */
  title: string;
  href: string;
  icon?: ReactNode;
  isPrimary?: boolean;
}

/** A large button-looking link into a piece of work. */
export function WorkLink({ label, title, href, icon, isPrimary = false }: WorkLinkProps) {
  return (
    <Button
      component={Link}
      to={href}
      size="lg"
      variant={isPrimary ? 'filled' : 'default'}
      leftSection={icon}
      aria-label={`${label}: ${title}`}
    >
      {label}
    </Button>
  );
}

/** A list of WorkRows. */
export function WorkList({ children }: { children: ReactNode }) {
  return (
    <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
      {children}
    </Stack>
  );
}
