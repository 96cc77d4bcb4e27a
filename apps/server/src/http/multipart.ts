/**
 * Reads a multipart (form-data) request declared by a contract: text fields are validated by the contract's
 * schema, each file streams straight to storage. If anything is wrong the stored files are removed again.
 */
import { finished } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
// The plugin's types add `isMultipart` and `parts` to every request.
import type {} from '@fastify/multipart';
import type { z } from 'zod';
import type { MultipartBody } from '@readalong/contracts';
import type { Storage, StoredFile, UploadRules } from '../platform/storage/storage.js';
import { AppError, invalidField } from '../domain/errors.js';
import { fromValidation } from './errors.js';

export interface MultipartOptions {
  /**
   * Asked before a file is stored, with the text fields sent before it: false drops the file unread and the form
   * answers without it (a required file too), so the caller can answer from what it has already.
   */
  keepFile?: (fieldsBefore: Record<string, unknown>) => Promise<boolean>;
  /** A file size limit of this form's own, above the application's default (a roster file, RI2). */
  fileSizeLimit?: number;
}

/** A received file, with the name the client gave it. */
export type ReceivedFile = StoredFile & { fileName: string };

export async function readMultipart<F extends z.ZodObject>(
  request: FastifyRequest,
  spec: MultipartBody<F>,
  storage: Pick<Storage, 'save' | 'remove'>,
  rulesFor: (fileField: string) => Omit<UploadRules, 'field'>,
  options: MultipartOptions = {},
): Promise<{ fields: z.output<F>; files: Record<string, ReceivedFile> }> {
  if (!request.isMultipart())
    throw new AppError('unsupported_media_type', 'Send this as multipart/form-data.');
  const raw: Record<string, unknown> = {};
  const files: Record<string, ReceivedFile> = {};
  const dropped = new Set<string>();
  try {
    for await (const part of formParts(request, options.fileSizeLimit)) {
      if (part.type === 'field') {
        raw[part.fieldname] = part.value;
        continue;
      }
      if (!spec.files.some((file) => file.name === part.fieldname) || files[part.fieldname]) {
        part.file.resume();
        throw invalidField(part.fieldname, 'unexpected file');
      }
      if (options.keepFile && !(await options.keepFile(raw))) {
        await finished(part.file.resume());
        dropped.add(part.fieldname);
        continue;
      }
      const stored = await storage.save(part.file, { ...rulesFor(part.fieldname), field: part.fieldname });
      files[part.fieldname] = { ...stored, fileName: part.filename };
    }
    for (const file of spec.files) {
      if (file.required && !files[file.name] && !dropped.has(file.name))
        throw invalidField(file.name, 'a file is required');
    }
    const parsed = spec.fields.safeParse(raw);
    if (!parsed.success) {
      throw fromValidation(
        'body',
        parsed.error.issues.map((issue) => ({
          instancePath: '/' + issue.path.join('/'),
          message: issue.message,
          keyword: issue.code,
          params: issue as unknown as Record<string, unknown>,
        })),
      );
    }
    return { fields: parsed.data, files };
  } catch (error) {
    discardRestOfBody(request);
    await Promise.all(Object.values(files).map((file) => storage.remove(file.key)));
    throw error;
  }
}

/** The form's parts; a body the parser cannot read as a form is the client's fault, named `body` (F7). */
async function* formParts(request: FastifyRequest, fileSize: number | undefined) {
  try {
    yield* request.parts(fileSize === undefined ? undefined : { limits: { fileSize } });
  } catch (error) {
    if (error instanceof AppError || isClientError(error)) throw error;
    const why = error instanceof Error ? error.message : String(error);
    throw invalidField('body', `is not a readable multipart/form-data form (${why})`);
  }
}

const isClientError = (error: unknown) => {
  const status = (error as { statusCode?: number } | null)?.statusCode ?? 500;
  return status >= 400 && status < 500;
};

/**
 * A form refused part-way still has bytes on their way: they are read and dropped, so the connection is free for
 * the client's next request instead of waiting on a body nobody reads (F8).
 */
function discardRestOfBody(request: FastifyRequest) {
  request.raw.unpipe();
  request.raw.resume();
}
