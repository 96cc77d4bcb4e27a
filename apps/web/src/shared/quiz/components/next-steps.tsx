import { Button, Group } from '@mantine/core';
import { IconBooks, IconHome } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** Where a student goes after a book's quiz: the next book, or home. */
export function NextSteps() {
  return (
    <Group justify="center" gap="md">
      <Button
        component={Link}
        to={paths.student.powerBuilders.getHref()}
        size="lg"
        radius="xl"
        leftSection={<IconBooks size={22} aria-hidden />}
      >
        Choose my next book
      </Button>
      <Button
        component={Link}
        to={paths.student.home.getHref()}
        size="lg"
        radius="xl"
        variant="default"
        leftSection={<IconHome size={22} aria-hidden />}
      >
        Go home
      </Button>
    </Group>
  );
}
