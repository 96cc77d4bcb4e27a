/**
 * File storage on local disk under DATA_DIR/files, reached only through signed links that expire
 * (PRODUCT.md §5). Uploads stream to a temporary file, are checked by content, then moved into place:
 * a refused upload leaves nothing behind.
 */
import { fileTypeFromFile } from 'file-type';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { AppError, invalidField } from '../http/errors.js';
import type { Clock } from './clock.js';
import type { Secrets } from './secrets.js';

export const SIGNED_LINK_TTL_SECONDS = 6 * 60 * 60;
const LINK_PURPOSE = 'file';

export interface StoredFile {
  key: string;
  mimeType: string;
  sizeBytes: number;
}

export interface UploadRules {
  /** Folder of the key, e.g. `profile-pics/12`. */
  folder: string;
  maxBytes: number;
  acceptedTypes: readonly string[];
  /** Field name for error messages. */
  field: string;
}

export interface Storage {
  save(stream: Readable & { truncated?: boolean }, rules: UploadRules): Promise<StoredFile>;
  open(key: string): Promise<{ stream: Readable; sizeBytes: number } | null>;
  remove(key: string): Promise<void>;
  signedUrl(key: string): string;
  /** The key a signed link grants, or null when it is altered or expired. */
  verifyLink(key: string, expires: string, signature: string): boolean;
  /** Where the file lies on this machine, for tools that need a seekable path (ffprobe); absent off disk. */
  localPath?(key: string): string;
}

export function createLocalStorage(options: { root: string; secrets: Secrets; clock: Clock }): Storage {
  const { root, secrets, clock } = options;
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new AppError('not_found', 'No such file.');
    return full;
  };

  return {
    async save(stream, rules) {
      const tmpDir = path.join(root, '.incoming');
      await mkdir(tmpDir, { recursive: true });
      const tmp = path.join(tmpDir, randomUUID());
      try {
        await pipeline(stream, createWriteStream(tmp));
        const { size } = await stat(tmp);
        if (stream.truncated || size > rules.maxBytes) {
          throw new AppError(
            'payload_too_large',
            `${rules.field}: must be at most ${formatBytes(rules.maxBytes)}`,
            {
              [rules.field]: `must be at most ${formatBytes(rules.maxBytes)}`,
            },
          );
        }
        if (size === 0) throw invalidField(rules.field, 'the file is empty');
        const type = await fileTypeFromFile(tmp);
        if (!type || !rules.acceptedTypes.includes(type.mime)) {
          throw invalidField(rules.field, `must be one of ${rules.acceptedTypes.join(', ')}`);
        }
        const key = `${rules.folder}/${randomUUID()}.${type.ext}`;
        await mkdir(path.dirname(resolve(key)), { recursive: true });
        await rename(tmp, resolve(key));
        return { key, mimeType: type.mime, sizeBytes: size };
      } finally {
        await rm(tmp, { force: true });
      }
    },
    async open(key) {
      try {
        const full = resolve(key);
        const { size } = await stat(full);
        return { stream: createReadStream(full), sizeBytes: size };
      } catch {
        return null;
      }
    },
    remove: (key) => rm(resolve(key), { force: true }),
    localPath: (key) => resolve(key),
    signedUrl(key) {
      const expires = Math.floor(clock.now().getTime() / 1000) + SIGNED_LINK_TTL_SECONDS;
      const signature = secrets.sign(LINK_PURPOSE, `${key}\n${expires}`);
      return `/api/files/${key}?expires=${expires}&signature=${signature}`;
    },
    verifyLink(key, expires, signature) {
      const expiresAt = Number(expires);
      if (!Number.isInteger(expiresAt) || expiresAt * 1000 < clock.now().getTime()) return false;
      return secrets.verify(LINK_PURPOSE, `${key}\n${expires}`, signature);
    },
  };
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}
