/** What of a request or an unexpected error may reach a log line (S19): never a key, an address or query values. */
import type { FastifyRequest } from 'fastify';

/** A reset key in the path, and query values that are keys, signatures, tokens or email addresses. */
const SECRET_PATH = /(\/password\/change-unsigned\/)[^/?#]+/;
const SECRET_QUERY = /([?&](?:key|signature|token|email)=)[^&#]*/gi;

export const withoutSecrets = (url: string) =>
  url.replace(SECRET_PATH, '$1[hidden]').replace(SECRET_QUERY, '$1[hidden]');

/** Fastify's request log fields, with the URL cleaned. */
export const requestLogFields = (request: FastifyRequest) => ({
  method: request.method,
  url: withoutSecrets(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

interface ErrorLike {
  name?: string;
  code?: unknown;
  message?: string;
  stack?: string;
  cause?: ErrorLike;
  query?: unknown;
}

/**
 * An unexpected error as it may be logged: its kind, code, message and where it was thrown. A failed query keeps its
 * SQL text (placeholders only) and PostgreSQL's message, never its parameters, which hold emails and messages.
 */
export function loggableError(error: unknown) {
  const thrown = (error ?? {}) as ErrorLike;
  const cause = thrown.cause;
  const isFailedQuery = typeof thrown.query === 'string';
  const origin = isFailedQuery && cause ? cause : thrown;
  return {
    type: thrown.name,
    code: origin.code,
    message: isFailedQuery ? origin.message?.split('\n')[0] : thrown.message,
    ...(isFailedQuery ? { query: thrown.query } : {}),
    stack: thrown.stack
      ?.split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n'),
  };
}
