import { Title } from '@mantine/core';
import { useRouteTitle } from '../route-handle';

/** The page's h1, from its route's title: one place names a page for the eye, the tab and screen readers. */
export function PageHeader() {
  const title = useRouteTitle();
  if (!title) return null;
  return (
    <Title order={1} mb="lg">
      {title}
    </Title>
  );
}
