import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** A page's content on its way: a large spinner, and its label as a status for screen readers (X1). */
export function Loading({ label }: { label: string }) {
  return (
    <Center py="xl" role="status">
      <Loader size="lg" aria-hidden />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
