/**
 * The errors services throw: AppError carries the envelope's code, message and fields; the HTTP edge
 * (`http/errors.ts`) turns it into `{ error: { code, message, fields? } }` with its status.
 */
import type { ErrorCode } from '@readalong/contracts';

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  internal: 500,
  not_implemented: 501,
  service_unavailable: 503,
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
  /** Seconds until a refused request may be tried again, sent as `Retry-After` (S20). */
  retryAfterSeconds?: number;
  get status(): number {
    return STATUS[this.code];
  }
}

/** A 429 that says when to come back: `Retry-After` in whole seconds until `until`. */
export function tooManyRequests(message: string, until: Date, now: Date): AppError {
  const error = new AppError('too_many_requests', message);
  error.retryAfterSeconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return error;
}

/** Bad input in one field, named as `body.password`, `query.email`, `params.id` or `file`. */
export const invalidField = (field: string, problem: string) =>
  new AppError('bad_request', `${field}: ${problem}`, { [field]: problem });
export const unauthenticated = (message = 'Please sign in.') => new AppError('unauthenticated', message);
export const forbidden = (message = 'Your role cannot do this.') => new AppError('forbidden', message);
/** Out of scope and missing look the same, so existence never leaks (docs/rules.md A1). */
export const notFound = (what = 'record') => new AppError('not_found', `No such ${what}.`);

/** Bad input in several fields (a batch's rows: `body.students.3.username`), every one named in one 400. */
export function invalidFields(problems: Record<string, string>): AppError {
  const message = Object.entries(problems)
    .map(([field, problem]) => `${field}: ${problem}`)
    .join('; ');
  return new AppError('bad_request', message, problems);
}
