/**
 * The one error envelope `{ error: { code, message, fields? } }`. Services throw AppError; the error handler turns
 * it, validation failures and anything unexpected into the envelope.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorEnvelope } from '@readalong/contracts';

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
  get status(): number {
    return STATUS[this.code];
  }
}

/** Bad input in one field, named as `body.password`, `query.email`, `params.id` or `file`. */
export const invalidField = (field: string, problem: string) =>
  new AppError('bad_request', `${field}: ${problem}`, { [field]: problem });
export const unauthenticated = (message = 'Please sign in.') => new AppError('unauthenticated', message);
export const forbidden = (message = 'Your role cannot do this.') => new AppError('forbidden', message);
/** Out of scope and missing look the same, so existence never leaks (PRODUCT.md §2). */
export const notFound = (what = 'record') => new AppError('not_found', `No such ${what}.`);

const CONTEXT_NAMES: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
}

function validationFields(context: string, issues: readonly ValidationIssue[]): Record<string, string> {
  const prefix = CONTEXT_NAMES[context] ?? context;
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.instancePath.split('/').filter(Boolean).join('.');
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      for (const key of issue.params.keys as string[])
        fields[[prefix, path, key].filter(Boolean).join('.')] = 'unknown field';
      continue;
    }
    const name = [prefix, path].filter(Boolean).join('.');
    fields[name] ??= issue.message ?? 'invalid';
  }
  return fields;
}

export function toEnvelope(error: AppError): ErrorEnvelope {
  return {
    error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
  };
}

export function fromValidation(context: string, issues: readonly ValidationIssue[]): AppError {
  const fields = validationFields(context, issues);
  const summary = Object.entries(fields)
    .map(([field, problem]) => `${field}: ${problem}`)
    .join('; ');
  return new AppError('bad_request', summary || 'The request is not valid.', fields);
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let appError: AppError;
    if (error instanceof AppError) appError = error;
    else if (hasZodFastifySchemaValidationErrors(error)) {
      appError = fromValidation(error.validationContext ?? 'body', error.validation);
    } else if (error.statusCode === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      appError = new AppError('payload_too_large', 'The upload is too large.');
    } else if (error.statusCode === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      appError = new AppError('unsupported_media_type', 'This content type is not accepted here.');
    } else if (error.statusCode === 400) {
      appError = new AppError('bad_request', error.message);
    } else {
      request.log.error({ err: error }, 'unhandled error');
      appError = new AppError('internal', 'Something went wrong on our side. Please try again.');
    }
    void reply.status(appError.status).send(toEnvelope(appError));
  });
}
