/**
 * Where an uploaded roster file waits while its dry run reads it (RI3): a temporary file under DATA_DIR, streamed to
 * disk as it arrives and removed once read. The import checks the content itself, so any bytes are taken here; only
 * the size is refused (RI2).
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AppError, invalidField } from '../../domain/errors.js';
import type { Storage, UploadRules, UploadStream } from '../../platform/storage/storage.js';

const formatMegabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The part of Storage a form reader needs; a file's key is its temporary path. */
export function tempFiles(dir: string): Pick<Storage, 'save' | 'remove'> {
  return {
    async save(stream: UploadStream, rules: UploadRules) {
      await mkdir(dir, { recursive: true });
      const key = path.join(dir, randomUUID());
      try {
        await pipeline(stream, createWriteStream(key));
        const { size } = await stat(key);
        if (stream.truncated || size > rules.maxBytes) {
          const message = `must be at most ${formatMegabytes(rules.maxBytes)}`;
          throw new AppError('payload_too_large', `${rules.field}: ${message}`, { [rules.field]: message });
        }
        if (size === 0) throw invalidField(rules.field, 'the file is empty');
        return { key, mimeType: 'application/octet-stream', sizeBytes: size };
      } catch (error) {
        await rm(key, { force: true });
        throw error;
      }
    },
    remove: (key: string) => rm(key, { force: true }),
  };
}
