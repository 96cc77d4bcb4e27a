/**
 * Stored files (F1, F2, F6): on local disk by default (local-storage.ts), in an S3-compatible bucket when configured
 * (s3-storage.ts). Whatever holds the bytes, the rules live here once: an upload streams to a temporary file under
 * DATA_DIR and is checked by content and size before anything is stored (a refused upload leaves nothing behind), and
 * a file is reached only through our own signed link that expires (the bucket stays private; the server streams it).
 */
import { fileTypeFromFile } from 'file-type';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { AppError, invalidField } from '../../domain/errors.js';
import type { Clock } from '../clock.js';
import type { Secrets } from '../secrets.js';

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

export type UploadStream = Readable & { truncated?: boolean };

/** A stored file as a listing shows it. */
export interface ListedFile {
  key: string;
  modifiedAt: Date;
}

export interface Storage {
  save(stream: UploadStream, rules: UploadRules): Promise<StoredFile>;
  /** The file's bytes, or null when there is no such file. */
  open(key: string): Promise<{ stream: Readable; sizeBytes: number } | null>;
  /** Deletes the file; a file already gone is no error. */
  remove(key: string): Promise<void>;
  /**
   * Runs `fn` on a path of the file on this machine, for tools that need a seekable file (ffprobe, ffmpeg): the
   * stored file itself on disk, a temporary copy (removed afterwards) from a bucket. Null when there is no such file.
   */
  withLocalCopy<T>(key: string, fn: (localPath: string) => Promise<T>): Promise<T | null>;
  signedUrl(key: string): string;
  /** Whether a signed link is the one we issued for this key and has not expired. */
  verifyLink(key: string, expires: string, signature: string): boolean;
  /** Every stored file (not the temporary ones), for the orphan sweep (orphan-files.ts). */
  list(): AsyncIterable<ListedFile>;
  /** Deletes the temporary files (uploads being checked, copies for tools) last written before `before`. */
  removeTemporaries(before: Date): Promise<number>;
}

/** Signed links (`/api/files/<key>?expires=&signature=`): one rule for both kinds of storage. */
export function createLinkSigner({ secrets, clock }: { secrets: Secrets; clock: Clock }) {
  return {
    signedUrl(key: string) {
      const expires = Math.floor(clock.now().getTime() / 1000) + SIGNED_LINK_TTL_SECONDS;
      const signature = secrets.sign(LINK_PURPOSE, `${key}\n${expires}`);
      return `/api/files/${key}?expires=${expires}&signature=${signature}`;
    },
    verifyLink(key: string, expires: string, signature: string) {
      const expiresAt = Number(expires);
      if (!/^\d+$/.test(expires) || expiresAt * 1000 < clock.now().getTime()) return false;
      return secrets.verify(LINK_PURPOSE, `${key}\n${expires}`, signature);
    },
  };
}

/** A checked upload waiting in its temporary file, and the key it is to be stored under. */
export interface CheckedUpload extends StoredFile {
  tmpPath: string;
}

/**
 * Streams an upload to a temporary file in `tmpDir`, then checks its size and its type by content. Hands the checked
 * file to `store` (which moves or copies it to its place); the temporary file is removed whatever happens.
 */
export async function receiveUpload(
  stream: UploadStream,
  rules: UploadRules,
  tmpDir: string,
  store: (upload: CheckedUpload) => Promise<void>,
): Promise<StoredFile> {
  await mkdir(tmpDir, { recursive: true });
  const tmpPath = path.join(tmpDir, randomUUID());
  const tmpFile = createWriteStream(tmpPath);
  try {
    await pipeline(stream, tmpFile);
    const { size } = await stat(tmpPath);
    if (stream.truncated || size > rules.maxBytes) {
      const message = `must be at most ${formatBytes(rules.maxBytes)}`;
      throw new AppError('payload_too_large', `${rules.field}: ${message}`, { [rules.field]: message });
    }
    if (size === 0) throw invalidField(rules.field, 'the file is empty');
    const type = await fileTypeFromFile(tmpPath);
    if (!type || !rules.acceptedTypes.includes(type.mime)) {
      throw invalidField(rules.field, `must be one of ${rules.acceptedTypes.join(', ')}`);
    }
    const file = { key: `${rules.folder}/${randomUUID()}.${type.ext}`, mimeType: type.mime, sizeBytes: size };
    await store({ ...file, tmpPath });
    return file;
  } finally {
    // An upload cut off before its temporary file opened still creates the file once the open completes.
    if (!tmpFile.closed) await once(tmpFile, 'close').catch(() => undefined);
    await rm(tmpPath, { force: true });
  }
}

/** The files under `dir`, keys relative to it, leaving out folders whose name starts with a dot (temporaries). */
export async function* listFolder(dir: string, prefix = ''): AsyncIterable<ListedFile> {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory() && !entry.name.startsWith('.')) yield* listFolder(dir, key);
    if (!entry.isFile()) continue;
    const found = await stat(path.join(dir, key)).catch(() => null);
    if (found) yield { key, modifiedAt: found.mtime };
  }
}

/** Deletes the files under `dir` last written before `before`; how many it deleted. */
export async function removeFilesOlderThan(dir: string, before: Date): Promise<number> {
  let removed = 0;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries.filter((each) => each.isFile())) {
    const file = path.join(entry.parentPath, entry.name);
    const found = await stat(file).catch(() => null);
    if (!found || found.mtime >= before) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}
