import { Alert } from '@mantine/core';

/**
 * Why the server refused a form, above its button: a class already full, too few licence seats. Field errors also
 * show on their fields (`fieldErrorsOf`); this says the whole answer in words.
 */
export function FormProblem({ error, title = 'Not saved' }: { error: Error | null; title?: string }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      {error.message}
    </Alert>
  );
}
