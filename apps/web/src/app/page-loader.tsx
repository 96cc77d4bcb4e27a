import { Center, Loader } from '@mantine/core';

/** Shown while the first page's code and data load. */
export function PageLoader() {
  return (
    <Center mih="100dvh">
      {/* A label needs a role (X1): a labelled span alone is what axe refuses. */}
      <Loader role="status" aria-label="Loading" />
    </Center>
  );
}
