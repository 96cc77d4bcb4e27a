import { z } from 'zod';

/** Stable error codes of the one error envelope. */
export const ERROR_CODES = [
  'bad_request',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'too_many_requests',
  'service_unavailable',
  'not_implemented',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorEnvelope = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES).describe('stable, machine-readable code'),
      message: z.string().describe('a sentence a person can read'),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .describe('for bad input: the field path (e.g. body.password) and what is wrong with it'),
    }),
  })
  .describe('every error the API answers');
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;
