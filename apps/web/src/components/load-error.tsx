import { Alert, Button, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

/**
 * What could not be loaded, in words for the person reading (docs/rules.md C47): a 400 answers a request the screen
 * built (a time, a page, a filter), which names the call's fields (`query.start: …`), so it is said plainly instead.
 */
export function inPlainWords(error: Error): string {
  if (error instanceof ApiError && error.status === 400)
    return 'This could not be shown for what was picked. Pick another time or choice, or try again.';
  return error.message;
}

/** Says what could not be loaded and offers to try again. */
export function LoadError({ title, error, retry }: { title: string; error: Error; retry: () => void }) {
  return (
    <Alert color="red.9" variant="outline" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text>{inPlainWords(error)}</Text>
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
