import { Alert, Button, Stack, Text } from '@mantine/core';

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
