/**
 * The one error envelope `{ error: { code, message, fields? } }`. Services throw AppError (`domain/errors.ts`); the error handler turns
 * it, validation failures and anything unexpected into the envelope.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorEnvelope } from '@readalong/contracts';
import { AppError } from '../domain/errors.js';
import { loggableError } from './log-safety.js';

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
      request.log.error({ error: loggableError(error) }, 'unhandled error');
      appError = new AppError('internal', 'Something went wrong on our side. Please try again.');
    }
    if (appError.retryAfterSeconds) void reply.header('retry-after', String(appError.retryAfterSeconds));
    void reply.status(appError.status).send(toEnvelope(appError));
  });
}
