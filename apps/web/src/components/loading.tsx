import { Center, Loader } from '@mantine/core';

/** A page's content on its way: a large spinner named for screen readers. */
export function Loading({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader size="lg" aria-label={label} />
    </Center>
  );
}
