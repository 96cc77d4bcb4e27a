import { Alert, Button, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';

/** Says what could not be loaded and offers to try again. */
export function LoadError({ title, error, retry }: { title: string; error: Error; retry: () => void }) {
  return (
    <Alert color="red.9" variant="outline" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text>{error.message}</Text>
        <Button variant="default" size="md" onClick={retry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

/** The first failure among a screen's queries, with a retry of those that failed. */
export function QueriesError({
  title,
  queries,
}: {
  title: string;
  queries: readonly UseQueryResult<unknown>[];
}) {
  const failed = queries.filter((query) => query.isError);
  return (
    <LoadError
      title={title}
      error={failed[0]?.error ?? new Error('Something went wrong.')}
      retry={() => failed.forEach((query) => void query.refetch())}
    />
  );
}
