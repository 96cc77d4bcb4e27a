import { Center, Loader } from '@mantine/core';

/** Shown while the first page's code and data load. */
export function PageLoader() {
  return (
    <Center mih="100dvh">
      <Loader aria-label="Loading" />
    </Center>
  );
}
