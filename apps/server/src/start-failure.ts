/**
 * O2: why the server could not start, in words. Some causes carry no message of their own (a connection refused on
 * every address of `localhost` is an AggregateError with an empty message; a failed query wraps the driver's error in
 * `cause`): their inner errors are spelled out instead of an empty line or `undefined`.
 */
import { inspect } from 'node:util';

export function describeStartFailure(error: unknown): string {
  return `The server could not start: ${inWords(error)}`;
}

export function inWords(error: unknown): string {
  if (!(error instanceof Error)) return inspect(error);
  const inner = error instanceof AggregateError ? [...new Set(error.errors.map(inWords))].join('; ') : '';
  const own = error.message || inner || ((error as NodeJS.ErrnoException).code ?? error.name);
  return error.cause === undefined ? own : `${own}\n  because: ${inWords(error.cause)}`;
}
